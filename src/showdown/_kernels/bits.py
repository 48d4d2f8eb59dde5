"""Bit intrinsics numba does not expose: population count and trailing zeros of a uint64."""

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

# llvm.prefetch takes a pointer: an opaque `ptr` where llvmlite has them (0.44 and newer), an
# `i8*` before, each with its own mangled name.
try:
    _ANY_POINTER = ir.PointerType()
    _PREFETCH = "llvm.prefetch.p0"
except TypeError:
    _ANY_POINTER = ir.IntType(8).as_pointer()
    _PREFETCH = "llvm.prefetch.p0i8"


@intrinsic
def _popcount(typingctx, value):
    """Number of set bits of a uint64."""

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.uint64(types.uint64), codegen


@intrinsic
def _trailing_zeros(typingctx, value):
    """Number of trailing zero bits of a uint64 (64 for zero)."""

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.uint64(types.uint64), codegen


@intrinsic
def _prefetch(typingctx, array, index):
    """Ask the cache for ``array[index]`` (a 1-d array) ahead of its use; no effect on results."""

    def codegen(context, builder, signature, args):
        array_type = signature.args[0]
        view = context.make_array(array_type)(context, builder, args[0])
        pointer = builder.gep(view.data, [args[1]])
        address = builder.bitcast(pointer, _ANY_POINTER)
        i32 = ir.IntType(32)
        prefetch_type = ir.FunctionType(ir.VoidType(), [_ANY_POINTER, i32, i32, i32])
        function = cgutils.get_or_insert_function(builder.module, prefetch_type, _PREFETCH)
        builder.call(function, [address, ir.Constant(i32, 0), ir.Constant(i32, 3), ir.Constant(i32, 1)])
        return context.get_dummy_value()

    return types.void(array, types.int64), codegen
