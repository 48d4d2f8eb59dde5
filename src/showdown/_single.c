/*
 * The value of one hand of 1..7 Card objects, for showdown.evaluate().
 *
 * The same additive tables as the numba kernels (see showdown/tables/evaluator.py), read from
 * buffers handed over once by setup(), and the same bit layout, read by name from the module
 * showdown.tables.layout. A hand is a tuple or list of the 52 Card singletons
 * (recognised by identity through a small pointer hash), or plain ASCII text. value() returns the hand
 * value, or a negative code when the input needs the Python path (which raises the precise
 * error or parses text): -1 not a tuple/list of Cards, -2 a repeated card, -3 a bad size.
 *
 * RankBase is the base of showdown.HandRank: a value and a tuple of cards, compared and hashed
 * by value. It holds only ints and a tuple of Card singletons, so it opts out of the cyclic
 * garbage collector: a list of a million results costs no collection passes. rank() returns a
 * new HandRank directly, or the same negative codes as value(). A rank made from text or a list
 * keeps its card ids and makes the tuple of Cards when .cards is first read.
 *
 * Entry wraps a Python function of the shape evaluate(cards, board=None, *, game="holdem"):
 * called with the cards alone (or the defaults spelled out) it answers from C, a new HandRank or
 * the hand value as an int; any other call, and any input the C path cannot answer (other
 * games, a board, a repeated card, a bad size, anything but plain text or Cards), goes to the
 * Python function with the same arguments, which answers or raises the precise error.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

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

/* A C-contiguous buffer of `count` or more items of `itemsize` bytes, from attribute `name`
 * of `owner`; the view is kept until the module is unloaded. */
static int take_buffer(PyObject *owner, const char *name, Py_buffer *view, Py_ssize_t itemsize,
                       Py_ssize_t count) {
    PyObject *obj = PyObject_GetAttrString(owner, name);
    if (obj == NULL) return -1;
    int status = PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT);
    Py_DECREF(obj);
    if (status < 0) return -1;
    if (view->itemsize != itemsize || view->len < itemsize * count) {
        PyErr_Format(PyExc_ValueError, "table %s: expected at least %zd items of %zd bytes, got %zd bytes "
                     "of %zd-byte items", name, count, itemsize, view->len, view->itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* An integer constant of the layout module, by name. */
static int layout_constant(PyObject *layout, const char *name, unsigned long long *out) {
    PyObject *value = PyObject_GetAttrString(layout, name);
    if (value == NULL) return -1;
    *out = PyLong_AsUnsignedLongLong(value);
    Py_DECREF(value);
    return (*out == (unsigned long long)-1 && PyErr_Occurred()) ? -1 : 0;
}

/* setup(cards, tables): the 52 Card singletons in id order and the evaluator's tables (an
 * object with the arrays card_keys, row_offsets, rank_values, flush_values and the int
 * row_shift, as showdown.tables.load() returns them). The bit layout comes from the module
 * showdown.tables.layout, by name, as the kernels take it. */
static PyObject *setup(PyObject *self, PyObject *args) {
    PyObject *cards, *tables, *layout;
    unsigned long long init, check, mask, shift, sshift, table_shift;
    if (ready) Py_RETURN_NONE;
    if (!PyArg_ParseTuple(args, "OO", &cards, &tables)) return NULL;
    if (!PyTuple_Check(cards) || PyTuple_GET_SIZE(cards) != 52) {
        PyErr_SetString(PyExc_ValueError, "expected the 52 cards");
        return NULL;
    }
    layout = PyImport_ImportModule("showdown.tables.layout");
    if (layout == NULL) return NULL;
    int failed = layout_constant(layout, "KEY_INIT", &init) < 0 || layout_constant(layout, "FLUSH_CHECK", &check) < 0
        || layout_constant(layout, "RANK_MASK", &mask) < 0 || layout_constant(layout, "ROW_SHIFT", &shift) < 0
        || layout_constant(layout, "SUIT_SHIFT", &sshift) < 0 || layout_constant(tables, "row_shift", &table_shift) < 0;
    Py_DECREF(layout);
    if (failed) return NULL;
    if (table_shift != shift) {
        PyErr_Format(PyExc_ValueError, "the tables were built for rows of 2**%llu, the layout says 2**%llu",
                     table_shift, shift);
        return NULL;
    }
    if (take_buffer(tables, "card_keys", &card_keys_view, 8, 52) < 0) return NULL;
    if (take_buffer(tables, "row_offsets", &row_offsets_view, 4, 1) < 0) return NULL;
    if (take_buffer(tables, "rank_values", &rank_values_view, 2, 1) < 0) return NULL;
    if (take_buffer(tables, "flush_values", &flush_values_view, 2, 8192) < 0) return NULL;
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
    held = Py_BuildValue("(OO)", cards, tables);
    if (held == NULL) return NULL;
    key_init = init;
    flush_check = check;
    rank_mask = mask;
    row_shift = (unsigned)shift;
    suit_shift = (unsigned)sshift;
    ready = 1;
    Py_RETURN_NONE;
}

/* Plain ASCII card text: the rank (0..12) and suit (0..3) of each character, -1 for any other,
 * and the separators. Filled by the module's init. */
static signed char rank_of[256], suit_of[256], separator[256];

static void fill_text_tables(void) {
    const char *ranks = "23456789TJQKA", *lower = "23456789tjqka", *suits = "cdhs", *lower_suits = "CDHS";
    for (int c = 0; c < 256; c++) rank_of[c] = suit_of[c] = -1, separator[c] = 0;
    for (int r = 0; r < 13; r++) rank_of[(unsigned char)ranks[r]] = rank_of[(unsigned char)lower[r]] = (signed char)r;
    for (int s = 0; s < 4; s++) suit_of[(unsigned char)suits[s]] = suit_of[(unsigned char)lower_suits[s]] = (signed char)s;
    separator[' '] = separator[','] = separator['\t'] = 1;
}

/* Card ids of plain ASCII text such as "As Kd 7h" or "AsKd,7h": ranks 23456789TJQKA (either
 * case, or 10), suits cdhs (either case), separated by nothing, spaces or commas. Anything
 * else (suit symbols, junk) returns -1 and the Python parser takes over with a precise error. */
static int text_ids(PyObject *text, int *ids) {
    if (!PyUnicode_IS_ASCII(text)) return -1;
    const unsigned char *s = (const unsigned char *)PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text), i = 0;
    int n = 0;
    while (i < length) {
        unsigned char c = s[i];
        if (separator[c]) {
            i++;
            continue;
        }
        int rank = rank_of[c];
        if (rank < 0) {
            if (c != '1' || i + 1 >= length || s[i + 1] != '0') return -1;
            rank = 8;
            i++;
        }
        i++;
        if (i >= length) return -1;
        int suit = suit_of[s[i]];
        if (suit < 0) return -1;
        i++;
        if (n == 7) return -3;
        ids[n++] = 4 * rank + suit;
    }
    return n;
}

/* Card ids of a tuple or list of Card singletons, of ASCII text, or a negative code. */
static int hand_ids(PyObject *hand, int *ids) {
    PyObject **items;
    Py_ssize_t n;
    if (PyTuple_CheckExact(hand)) {
        n = PyTuple_GET_SIZE(hand);
        items = ((PyTupleObject *)hand)->ob_item;
    } else if (PyList_CheckExact(hand)) {
        n = PyList_GET_SIZE(hand);
        items = ((PyListObject *)hand)->ob_item;
    } else if (PyUnicode_CheckExact(hand)) {
        return text_ids(hand, ids);
    } else {
        return -1;
    }
    if (n > 7) return -3;
    for (Py_ssize_t i = 0; i < n; i++) {
        ids[i] = card_id(items[i]);
        if (ids[i] < 0) return -1;
    }
    return (int)n;
}

/* The value of n distinct ids, or -2 when a card repeats, -3 for a bad size. */
static long ids_value(const int *ids, int n) {
    if (n < 1 || n > 7) return -3;
    uint64_t key = key_init, bits = 0, added = 0;
    for (int i = 0; i < n; i++) {
        uint64_t bit = (uint64_t)1 << (16 * (ids[i] & 3) + (ids[i] >> 2));
        bits |= bit;
        added += bit;
        key += card_keys[ids[i]];
    }
    if (bits != added) return -2;
    uint64_t flushed = key & flush_check;
    if (flushed) {
        unsigned suit = 0;
        while (!((flushed >> (suit_shift + 4 * suit + 3)) & 1)) suit++;
        return flush_values[(bits >> (16 * suit)) & 0x1FFF];
    }
    uint64_t ranks = key & rank_mask;
    int64_t index = (int64_t)ranks + row_offsets[ranks >> row_shift];
    return rank_values[index];
}

static long hand_value(PyObject *hand, int *ids, int *n) {
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "tables not set up");
        return -4;
    }
    *n = hand_ids(hand, ids);
    if (*n < 0) return *n;
    return ids_value(ids, *n);
}

typedef struct {
    PyObject_HEAD
    long value;
    PyObject *cards;          /* NULL until .cards is read, for a rank made from card ids */
    PyObject *best_five;
    unsigned char ids[7];
    unsigned char count;
} RankObject;

static PyTypeObject *rank_type = NULL;
static PyTypeObject RankBaseType;

/* Python subclasses are always collectable; a rank holds ints and a tuple of the 52 Card
 * singletons, so it cannot be part of a cycle and is taken out of the collector's lists. */
static inline void untrack(PyObject *obj) {
    if (PyObject_IS_GC(obj) && PyObject_GC_IsTracked(obj)) PyObject_GC_UnTrack(obj);
}

static PyObject *value(PyObject *self, PyObject *hand) {
    int ids[7], n;
    long v = hand_value(hand, ids, &n);
    if (v == -4) return NULL;
    return PyLong_FromLong(v);
}

/* A new HandRank of value v: its cards are `hand` when that is a tuple (of the Cards of ids),
 * else made from the ids when first read. */
static PyObject *new_rank(long v, const int *ids, int n, PyObject *hand) {
    RankObject *result = (RankObject *)rank_type->tp_alloc(rank_type, 0);
    if (result == NULL) return NULL;
    result->value = v;
    if (PyTuple_CheckExact(hand)) {
        Py_INCREF(hand);
        result->cards = hand;
    } else {
        result->cards = NULL;
    }
    for (int i = 0; i < n; i++) result->ids[i] = (unsigned char)ids[i];
    result->count = (unsigned char)n;
    result->best_five = NULL;
    untrack((PyObject *)result);
    return (PyObject *)result;
}

static PyObject *rank(PyObject *self, PyObject *hand) {
    int ids[7], n;
    long v = hand_value(hand, ids, &n);
    if (v == -4) return NULL;
    if (v < 0) return PyLong_FromLong(v);
    if (rank_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "rank type not set up");
        return NULL;
    }
    return new_rank(v, ids, n, hand);
}

static PyObject *set_rank_type(PyObject *self, PyObject *type) {
    if (!PyType_Check(type)) {
        PyErr_SetString(PyExc_TypeError, "expected a type");
        return NULL;
    }
    Py_XDECREF(rank_type);
    Py_INCREF(type);
    rank_type = (PyTypeObject *)type;
    Py_RETURN_NONE;
}

static PyObject *RankBase_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *keywords[] = {"value", "cards", NULL};
    long v;
    PyObject *cards;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "lO!", keywords, &v, &PyTuple_Type, &cards)) return NULL;
    RankObject *self = (RankObject *)type->tp_alloc(type, 0);
    if (self == NULL) return NULL;
    self->value = v;
    Py_INCREF(cards);
    self->cards = cards;
    self->best_five = NULL;
    untrack((PyObject *)self);
    return (PyObject *)self;
}

static void RankBase_dealloc(RankObject *self) {
    Py_XDECREF(self->cards);
    Py_XDECREF(self->best_five);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *RankBase_richcompare(PyObject *a, PyObject *b, int op) {
    if (!PyObject_TypeCheck(a, &RankBaseType) || !PyObject_TypeCheck(b, &RankBaseType))
        Py_RETURN_NOTIMPLEMENTED;
    long x = ((RankObject *)a)->value, y = ((RankObject *)b)->value;
    Py_RETURN_RICHCOMPARE(x, y, op);
}

static Py_hash_t RankBase_hash(RankObject *self) {
    Py_hash_t h = (Py_hash_t)self->value;
    return h == -1 ? -2 : h;
}

static PyMemberDef RankBase_members[] = {
    {"value", T_LONG, offsetof(RankObject, value), READONLY, "the hand value: higher is better"},
    {"_best_five", T_OBJECT_EX, offsetof(RankObject, best_five), 0, "cache of best_five"},
    {NULL},
};

static PyObject *RankBase_get_cards(RankObject *self, void *closure) {
    if (self->cards == NULL) {
        if (held == NULL) {
            PyErr_SetString(PyExc_RuntimeError, "tables not set up");
            return NULL;
        }
        PyObject *deck = PyTuple_GET_ITEM(held, 0);
        PyObject *cards = PyTuple_New(self->count);
        if (cards == NULL) return NULL;
        for (int i = 0; i < self->count; i++) {
            PyObject *card = PyTuple_GET_ITEM(deck, self->ids[i]);
            Py_INCREF(card);
            PyTuple_SET_ITEM(cards, i, card);
        }
        self->cards = cards;
    }
    Py_INCREF(self->cards);
    return self->cards;
}

/* Read-only, with the message a read-only member gives. */
static int RankBase_set_cards(RankObject *self, PyObject *value, void *closure) {
    PyErr_SetString(PyExc_AttributeError, "readonly attribute");
    return -1;
}

static PyGetSetDef RankBase_getset[] = {
    {"cards", (getter)RankBase_get_cards, (setter)RankBase_set_cards, "the cards evaluated", NULL},
    {NULL},
};

static PyTypeObject RankBaseType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "showdown._single.RankBase",
    .tp_basicsize = sizeof(RankObject),
    .tp_dealloc = (destructor)RankBase_dealloc,
    .tp_hash = (hashfunc)RankBase_hash,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "A hand value and its cards, compared and hashed by value.",
    .tp_richcompare = RankBase_richcompare,
    .tp_members = RankBase_members,
    .tp_getset = RankBase_getset,
    .tp_new = RankBase_new,
};

/* --- Entry: the C path in front of a Python function ----------------------------------------- */

typedef struct {
    PyObject_HEAD
    PyObject *function;       /* the Python function: other call shapes, other input, errors */
    PyObject *dict;           /* __name__, __doc__, __wrapped__ ... as functools.update_wrapper sets them */
    PyObject *weakrefs;
    vectorcallfunc vectorcall;
    int gives_value;          /* 1: the hand value as an int; 0: a HandRank */
} EntryObject;

/* The arguments are (cards), (cards, None), or those with board=None or game="holdem" as keywords. */
static int default_shape(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    if (nargs == 1 && kwnames == NULL) return 1;
    if (nargs < 1 || nargs > 2 || (nargs == 2 && args[1] != Py_None)) return 0;
    Py_ssize_t keywords = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    for (Py_ssize_t i = 0; i < keywords; i++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, i), *value = args[nargs + i];
        if (PyUnicode_CompareWithASCIIString(name, "board") == 0) {
            if (nargs == 2 || value != Py_None) return 0;
        } else if (PyUnicode_CompareWithASCIIString(name, "game") == 0) {
            if (!PyUnicode_CheckExact(value) || PyUnicode_CompareWithASCIIString(value, "holdem") != 0) return 0;
        } else {
            return 0;
        }
    }
    return 1;
}

static PyObject *Entry_vectorcall(EntryObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    if (ready && rank_type != NULL && default_shape(args, PyVectorcall_NARGS(nargsf), kwnames)) {
        int ids[7];
        int n = hand_ids(args[0], ids);
        long v = n < 0 ? n : ids_value(ids, n);
        if (v >= 0) return self->gives_value ? PyLong_FromLong(v) : new_rank(v, ids, n, args[0]);
    }
    return PyObject_Vectorcall(self->function, args, nargsf, kwnames);
}

static PyObject *Entry_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *keywords[] = {"function", "gives", NULL};
    PyObject *function;
    const char *gives;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "Os:Entry", keywords, &function, &gives)) return NULL;
    if (!PyCallable_Check(function)) {
        PyErr_SetString(PyExc_TypeError, "Entry wraps a callable");
        return NULL;
    }
    int gives_value = strcmp(gives, "value") == 0;
    if (!gives_value && strcmp(gives, "rank") != 0) {
        PyErr_Format(PyExc_ValueError, "Entry gives 'rank' or 'value', not '%s'", gives);
        return NULL;
    }
    EntryObject *self = (EntryObject *)type->tp_alloc(type, 0);
    if (self == NULL) return NULL;
    Py_INCREF(function);
    self->function = function;
    self->dict = NULL;
    self->weakrefs = NULL;
    self->vectorcall = (vectorcallfunc)Entry_vectorcall;
    self->gives_value = gives_value;
    return (PyObject *)self;
}

static int Entry_traverse(EntryObject *self, visitproc visit, void *arg) {
    Py_VISIT(self->function);
    Py_VISIT(self->dict);
    return 0;
}

static int Entry_clear(EntryObject *self) {
    Py_CLEAR(self->function);
    Py_CLEAR(self->dict);
    return 0;
}

static void Entry_dealloc(EntryObject *self) {
    PyObject_GC_UnTrack(self);
    if (self->weakrefs != NULL) PyObject_ClearWeakRefs((PyObject *)self);
    Entry_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Entry_repr(EntryObject *self) {
    return PyObject_Repr(self->function);
}

/* Bound as a method when set on a class, as a Python function would be. */
static PyObject *Entry_get(PyObject *self, PyObject *obj, PyObject *type) {
    if (obj == NULL || obj == Py_None) {
        Py_INCREF(self);
        return self;
    }
    return PyMethod_New(self, obj);
}

/* Pickled by reference, as a function: its qualified name in its module. */
static PyObject *Entry_reduce(EntryObject *self, PyObject *unused) {
    return PyObject_GetAttrString(self->function, "__qualname__");
}

static PyMethodDef Entry_methods[] = {
    {"__reduce__", (PyCFunction)Entry_reduce, METH_NOARGS, "pickled by reference: the qualified name"},
    {NULL},
};

static PyGetSetDef Entry_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {NULL},
};

static PyTypeObject EntryType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "showdown._single.Entry",
    .tp_basicsize = sizeof(EntryObject),
    .tp_dealloc = (destructor)Entry_dealloc,
    .tp_vectorcall_offset = offsetof(EntryObject, vectorcall),
    .tp_repr = (reprfunc)Entry_repr,
    .tp_call = PyVectorcall_Call,
    .tp_getattro = PyObject_GenericGetAttr,
    .tp_setattro = PyObject_GenericSetAttr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "Entry(function, gives): the C path of a single-hand function, which takes every other call.",
    .tp_traverse = (traverseproc)Entry_traverse,
    .tp_clear = (inquiry)Entry_clear,
    .tp_methods = Entry_methods,
    .tp_getset = Entry_getset,
    .tp_descr_get = Entry_get,
    .tp_dictoffset = offsetof(EntryObject, dict),
    .tp_weaklistoffset = offsetof(EntryObject, weakrefs),
    .tp_new = Entry_new,
};

static PyMethodDef methods[] = {
    {"setup", setup, METH_VARARGS, "setup(cards, tables): the 52 Cards and showdown.tables.load()"},
    {"value", value, METH_O, "value(cards) -> hand value, or -1 (not Cards), -2 (repeat), -3 (size)"},
    {"rank", rank, METH_O, "rank(cards) -> a new HandRank, or the negative codes of value()"},
    {"set_rank_type", set_rank_type, METH_O, "set_rank_type(HandRank): the subclass rank() makes"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_single", NULL, -1, methods};

PyMODINIT_FUNC PyInit__single(void) {
    fill_text_tables();
    if (PyType_Ready(&RankBaseType) < 0 || PyType_Ready(&EntryType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&RankBaseType);
    if (PyModule_AddObject(m, "RankBase", (PyObject *)&RankBaseType) < 0) {
        Py_DECREF(&RankBaseType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&EntryType);
    if (PyModule_AddObject(m, "Entry", (PyObject *)&EntryType) < 0) {
        Py_DECREF(&EntryType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
