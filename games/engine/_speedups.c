/* The engine's one compiled part: the plays a hand has on some trains, for legal_moves.
 *
 * plays(hand, ends, targets, rows) returns what games/engine/rules.py's _py_plays returns, the
 * reference it must equal (tests/games/engine/test_speedups.py holds the two equal over every
 * position of many simulated matches): for every tile t of the set ``hand`` and every train
 * index ti of ``targets`` whose open end ``ends[ti]`` t shows, the command ``rows[ti][t]``,
 * sorted by tile, then train. It returns None, and the caller takes the Python path, when an
 * argument is not what the engine's own state holds (a set of (int, int) tuples, a list of int
 * ends, a tuple of int train indices, a sequence of rows).
 *
 * Why C: this runs once per move of every simulated match (the strong bot's rollouts, the game
 * analysis), and in Python it was about half of a simulated move's time, spent on the
 * interpreter's own steps (a set per train, a pair per play, a sort) rather than on the work.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define MAX_SET 18 /* tiles.MAX_SET; the module's MAX_SET, checked equal by the tests */
#define MAX_TARGETS 64
#define STACK_ENTRIES 64

typedef struct {
    long a, b;
    Py_ssize_t ti;
    PyObject *tile; /* a new reference */
} Entry;

static int
entry_before(const Entry *x, const Entry *y)
{
    if (x->a != y->a)
        return x->a < y->a;
    if (x->b != y->b)
        return x->b < y->b;
    return x->ti < y->ti;
}

static int
small_long(PyObject *o, long *out)
{
    if (!PyLong_CheckExact(o))
        return 0;
    int overflow = 0;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    if (overflow || (v == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    }
    *out = v;
    return 1;
}

/* The plays of ``hand`` on the trains tis[0..nt) (whose ends are ends[tis[k]]), or None. */
static PyObject *
find(PyObject *hand, PyObject *ends, const Py_ssize_t *tis, Py_ssize_t nt, PyObject *rows)
{
    long endv[MAX_TARGETS];
    for (Py_ssize_t k = 0; k < nt; k++) {
        /* An end is a number of the largest set (tiles.SHOWING's index; -1 before a deal). */
        if (tis[k] >= PyList_GET_SIZE(ends) || tis[k] >= PyTuple_GET_SIZE(rows)
            || !small_long(PyList_GET_ITEM(ends, tis[k]), &endv[k]) || endv[k] < 0
            || endv[k] > MAX_SET)
            Py_RETURN_NONE;
    }

    Entry stack[STACK_ENTRIES];
    Entry *found = stack;
    Py_ssize_t n = 0, cap = STACK_ENTRIES;
    PyObject *result = NULL, *it = NULL;
    int unexpected = 0;

#if PY_VERSION_HEX < 0x030D0000
    /* The set's own entries, borrowed: nothing below runs Python code until they are held. */
    Py_ssize_t pos = 0;
    PyObject *t;
    Py_hash_t hash;
    while (_PySet_NextEntry(hand, &pos, &t, &hash)) {
#else
    it = PyObject_GetIter(hand);
    if (!it)
        goto done;
    PyObject *t;
    while ((t = PyIter_Next(it))) {
        Py_DECREF(t); /* the set holds it, and nothing runs Python code until it is held */
#endif
        long a, b;
        /* A canonical tile (high, low) of the largest set, as tiles.SHOWING holds: anything
         * else is left to the Python path, which finds no play for it. */
        if (!PyTuple_CheckExact(t) || PyTuple_GET_SIZE(t) != 2
            || !small_long(PyTuple_GET_ITEM(t, 0), &a) || !small_long(PyTuple_GET_ITEM(t, 1), &b)
            || b < 0 || a < b || a > MAX_SET) {
            unexpected = 1;
            goto done;
        }
        for (Py_ssize_t k = 0; k < nt; k++) {
            if (a != endv[k] && b != endv[k])
                continue;
            if (n == cap) {
                Py_ssize_t bigger = cap * 2;
                Entry *grown;
                if (found == stack) {
                    grown = PyMem_Malloc(bigger * sizeof(Entry));
                    if (grown)
                        memcpy(grown, stack, n * sizeof(Entry));
                }
                else {
                    grown = PyMem_Realloc(found, bigger * sizeof(Entry));
                }
                if (!grown) {
                    PyErr_NoMemory();
                    goto done;
                }
                found = grown;
                cap = bigger;
            }
            Py_INCREF(t);
            found[n].a = a;
            found[n].b = b;
            found[n].ti = tis[k];
            found[n].tile = t;
            n++;
        }
    }
    if (PyErr_Occurred())
        goto done;

    /* Insertion sort: a hand has a few plays at a time. */
    for (Py_ssize_t i = 1; i < n; i++) {
        Entry e = found[i];
        Py_ssize_t j = i;
        while (j > 0 && entry_before(&e, &found[j - 1])) {
            found[j] = found[j - 1];
            j--;
        }
        found[j] = e;
    }

    result = PyList_New(n);
    if (!result)
        goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        /* rows[ti][tile]: a row makes its command the first time it is asked (__missing__). */
        PyObject *cmd = PyObject_GetItem(PyTuple_GET_ITEM(rows, found[i].ti), found[i].tile);
        if (!cmd) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, i, cmd);
    }

done:
    Py_XDECREF(it);
    for (Py_ssize_t i = 0; i < n; i++)
        Py_DECREF(found[i].tile);
    if (found != stack)
        PyMem_Free(found);
    if (unexpected)
        Py_RETURN_NONE;
    return result;
}

static int
arguments_hold(PyObject *hand, PyObject *ends, PyObject *rows)
{
    return PyAnySet_CheckExact(hand) && PyList_CheckExact(ends) && PyTuple_CheckExact(rows);
}

/* plays(hand, ends, targets, rows): on the trains of the tuple ``targets``. */
static PyObject *
plays(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "plays(hand, ends, targets, rows)");
        return NULL;
    }
    PyObject *hand = args[0], *ends = args[1], *targets = args[2], *rows = args[3];
    if (!arguments_hold(hand, ends, rows) || !PyTuple_CheckExact(targets))
        Py_RETURN_NONE;
    Py_ssize_t nt = PyTuple_GET_SIZE(targets);
    if (nt > MAX_TARGETS)
        Py_RETURN_NONE;
    Py_ssize_t tis[MAX_TARGETS];
    for (Py_ssize_t k = 0; k < nt; k++) {
        long ti;
        if (!small_long(PyTuple_GET_ITEM(targets, k), &ti) || ti < 0)
            Py_RETURN_NONE;
        tis[k] = (Py_ssize_t)ti;
    }
    return find(hand, ends, tis, nt, rows);
}

/* open_plays(hand, ends, markers, seat, rows): on the trains open to ``seat`` in a later turn,
 * as rules._py_open_plays names them (R9, R14): its own, each one whose marker is out (markers[i]
 * is True), and the Mexican Train, index len(markers); ascending. */
static PyObject *
open_plays(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "open_plays(hand, ends, markers, seat, rows)");
        return NULL;
    }
    PyObject *hand = args[0], *ends = args[1], *markers = args[2], *rows = args[4];
    long seat;
    if (!arguments_hold(hand, ends, rows) || !PyList_CheckExact(markers)
        || !small_long(args[3], &seat))
        Py_RETURN_NONE;
    Py_ssize_t seats = PyList_GET_SIZE(markers);
    if (seats + 1 > MAX_TARGETS || seat < 0 || seat >= seats)
        Py_RETURN_NONE;
    Py_ssize_t tis[MAX_TARGETS];
    Py_ssize_t nt = 0;
    for (Py_ssize_t i = 0; i < seats; i++) {
        PyObject *marked = PyList_GET_ITEM(markers, i);
        if (marked != Py_True && marked != Py_False)
            Py_RETURN_NONE;
        if (marked == Py_True || i == seat)
            tis[nt++] = i;
    }
    tis[nt++] = seats;
    return find(hand, ends, tis, nt, rows);
}

static PyMethodDef methods[] = {
    {"plays", (PyCFunction)(void (*)(void))plays, METH_FASTCALL,
     "plays(hand, ends, targets, rows): the commands laying a tile of hand on a train of targets, "
     "sorted by tile then train (rules._py_plays is the reference); None for unexpected input."},
    {"open_plays", (PyCFunction)(void (*)(void))open_plays, METH_FASTCALL,
     "open_plays(hand, ends, markers, seat, rows): plays(...) on the trains open to seat in a "
     "later turn (rules._py_open_plays is the reference); None for unexpected input."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "games.engine._speedups",
    "The engine's compiled part (see games/engine/rules.py: _py_plays is its reference).", -1,
    methods,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "MAX_SET", MAX_SET) < 0)
        Py_CLEAR(m);
    return m;
}
