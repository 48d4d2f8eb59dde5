/*
 * The value of one hand of 1..7 Card objects, for showdown.evaluate().
 *
 * The same additive tables as the numba kernels (see showdown/tables/generate.py), read from
 * buffers handed over once by setup(). A hand is a tuple or list of the 52 Card singletons;
 * cards are recognised by identity through a small pointer hash. value() returns the hand
 * value, or a negative code when the input needs the Python path (which raises the precise
 * error or parses text): -1 not a tuple/list of Cards, -2 a repeated card, -3 a bad size.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define SLOTS 256

static PyObject *held = NULL;          /* keeps the table buffers and cards alive */
static Py_buffer card_keys_view, row_offsets_view, rank_values_view, flush_values_view;
static const uint64_t *card_keys = NULL;
static const int32_t *row_offsets = NULL;
static const uint16_t *rank_values = NULL;
static const uint16_t *flush_values = NULL;
static PyObject *slot_card[SLOTS];
static int slot_id[SLOTS];
static uint64_t key_init, flush_check, rank_mask;
static unsigned row_shift, suit_shift;
static int ready = 0;

static inline unsigned slot_of(PyObject *obj) {
    uintptr_t p = (uintptr_t)obj;
    return (unsigned)((p >> 4) ^ (p >> 12)) & (SLOTS - 1);
}

static inline int card_id(PyObject *obj) {
    unsigned s = slot_of(obj);
    while (slot_card[s] != NULL) {
        if (slot_card[s] == obj) return slot_id[s];
        s = (s + 1) & (SLOTS - 1);
    }
    return -1;
}

static int take_buffer(PyObject *obj, Py_buffer *view, Py_ssize_t itemsize, Py_ssize_t min_items) {
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS) < 0) return -1;
    if (view->len < itemsize * min_items) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_ValueError, "table buffer too small");
        return -1;
    }
    return 0;
}

static PyObject *setup(PyObject *self, PyObject *args) {
    PyObject *cards, *keys, *offsets, *values, *flushes;
    unsigned long long init, check, mask;
    unsigned shift, sshift;
    if (ready) Py_RETURN_NONE;
    if (!PyArg_ParseTuple(args, "OOOOOKKKII", &cards, &keys, &offsets, &values, &flushes,
                          &init, &check, &mask, &shift, &sshift))
        return NULL;
    if (!PyTuple_Check(cards) || PyTuple_GET_SIZE(cards) != 52) {
        PyErr_SetString(PyExc_ValueError, "expected the 52 cards");
        return NULL;
    }
    if (take_buffer(keys, &card_keys_view, 8, 52) < 0) return NULL;
    if (take_buffer(offsets, &row_offsets_view, 4, 1) < 0) return NULL;
    if (take_buffer(values, &rank_values_view, 2, 1) < 0) return NULL;
    if (take_buffer(flushes, &flush_values_view, 2, 8192) < 0) return NULL;
    card_keys = card_keys_view.buf;
    row_offsets = row_offsets_view.buf;
    rank_values = rank_values_view.buf;
    flush_values = flush_values_view.buf;
    for (int i = 0; i < SLOTS; i++) slot_card[i] = NULL;
    for (int i = 0; i < 52; i++) {
        PyObject *card = PyTuple_GET_ITEM(cards, i);
        unsigned s = slot_of(card);
        while (slot_card[s] != NULL) s = (s + 1) & (SLOTS - 1);
        slot_card[s] = card;
        slot_id[s] = i;
    }
    held = Py_BuildValue("(OOOOO)", cards, keys, offsets, values, flushes);
    if (held == NULL) return NULL;
    key_init = init;
    flush_check = check;
    rank_mask = mask;
    row_shift = shift;
    suit_shift = sshift;
    ready = 1;
    Py_RETURN_NONE;
}

static PyObject *value(PyObject *self, PyObject *hand) {
    PyObject **items;
    Py_ssize_t n;
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "tables not set up");
        return NULL;
    }
    if (PyTuple_CheckExact(hand)) {
        n = PyTuple_GET_SIZE(hand);
        if (n < 1 || n > 7) return PyLong_FromLong(-3);
        items = ((PyTupleObject *)hand)->ob_item;
    } else if (PyList_CheckExact(hand)) {
        n = PyList_GET_SIZE(hand);
        if (n < 1 || n > 7) return PyLong_FromLong(-3);
        items = ((PyListObject *)hand)->ob_item;
    } else {
        return PyLong_FromLong(-1);
    }
    uint64_t key = key_init, bits = 0, added = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int id = card_id(items[i]);
        if (id < 0) return PyLong_FromLong(-1);
        uint64_t bit = (uint64_t)1 << (16 * (id & 3) + (id >> 2));
        bits |= bit;
        added += bit;
        key += card_keys[id];
    }
    if (bits != added) return PyLong_FromLong(-2);
    uint64_t flushed = key & flush_check;
    if (flushed) {
        unsigned suit = 0;
        while (!((flushed >> (suit_shift + 4 * suit + 3)) & 1)) suit++;
        return PyLong_FromLong(flush_values[(bits >> (16 * suit)) & 0x1FFF]);
    }
    uint64_t ranks = key & rank_mask;
    int64_t index = (int64_t)ranks + row_offsets[ranks >> row_shift];
    return PyLong_FromLong(rank_values[index]);
}

static PyMethodDef methods[] = {
    {"setup", setup, METH_VARARGS, "setup(cards, card_keys, row_offsets, rank_values, flush_values, "
                                   "key_init, flush_check, rank_mask, row_shift, suit_shift)"},
    {"value", value, METH_O, "value(cards) -> hand value, or -1 (not Cards), -2 (repeat), -3 (size)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_single", NULL, -1, methods};

PyMODINIT_FUNC PyInit__single(void) { return PyModule_Create(&module); }
