"""numba kernels only: NumPy arrays and integers in, arrays out. Imported through
:func:`showdown._numba.kernels`, which points numba's cache at a versioned directory first."""
