"""Bad input raises ValueError naming the argument and the problem, in one message form;
numpy numbers are taken wherever Python numbers are."""

import numpy as np
import pytest

import rankmeasures as rm

NAN_INF = [np.nan, np.inf, -np.inf]


@pytest.mark.parametrize("bad", NAN_INF)
def test_nonfinite_scores(bad):
    with pytest.raises(ValueError, match=r"y_score: contains a non-finite value"):
        rm.ndcg([1, 0, 2], [0.1, bad, 0.3])
    with pytest.raises(ValueError, match=r"y_true: contains a non-finite value"):
        rm.dcg([1, bad, 2], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match=r"y: contains a non-finite value"):
        rm.kendall_tau([1, 2, 3], [1, bad, 3])
    with pytest.raises(ValueError, match=r"y_score: contains a non-finite value"):
        rm.auc([0, 1, 1], [0.1, bad, 0.3])
    with pytest.raises(ValueError, match=r"y_score: contains a non-finite value"):
        rm.pairwise_loss([0, 1, 1], [0.1, bad, 0.3])


def test_different_lengths():
    with pytest.raises(ValueError, match=r"y_true and y_score: different shapes"):
        rm.ndcg([1, 0, 2], [0.1, 0.2])
    with pytest.raises(ValueError, match=r"x and y: different shapes"):
        rm.kendall_tau([1, 2, 3], [1, 2])
    with pytest.raises(ValueError, match=r"y_true and y_score: different shapes"):
        rm.c_index([0, 1, 2], [1, 2])
    with pytest.raises(ValueError, match=r"r_true and r_pred: different shapes"):
        rm.spearman_footrule([1, 2, 3], [1, 2])
    with pytest.raises(ValueError, match=r"y_true and y_score: different shapes"):
        rm.ndcg_queries(np.ones((2, 3)), np.ones((2, 4)))


def test_empty_lists():
    for f in (rm.ndcg, rm.dcg, rm.kendall_tau, rm.pairwise_loss):
        with pytest.raises(ValueError, match=r"empty input"):
            f([], [])
    with pytest.raises(ValueError, match=r"y_true: empty input"):
        rm.idcg([])


def test_negative_gains():
    with pytest.raises(ValueError, match=r"y_true: must be non-negative"):
        rm.ndcg([1, -1, 2], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match=r"y_true: must be non-negative"):
        rm.idcg([1, -1, 2])
    with pytest.raises(ValueError, match=r"gain\(y_true\): must be non-negative"):
        rm.ndcg([1, 0, 2], [0.1, 0.2, 0.3], gain=lambda g: g - 1)
    # DCG itself is defined for any finite gains
    assert rm.dcg([-1.0, 2.0], [0.2, 0.1]) == pytest.approx(-1 + 2 / np.log2(3))


def test_non_integer_grades():
    with pytest.raises(ValueError, match=r"y_true: grades must be integers"):
        rm.pairwise_loss([0, 1.5, 2], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match=r"y_true: grades must be integers"):
        rm.linear_dcg([0, 0.5], [0.1, 0.2])
    with pytest.raises(ValueError, match=r"y_true: the gain 2\^y-1 needs integer grades"):
        rm.ndcg([0, 0.5, 1], [0.1, 0.2, 0.3], gain="exp2")


@pytest.mark.parametrize("k", [0, -1, 2.5, True, "3"])
def test_bad_k(k):
    with pytest.raises(ValueError, match=r"k: must be"):
        rm.ndcg([1, 0, 2], [0.1, 0.2, 0.3], k=k)


def test_offsets_that_do_not_partition():
    y = np.array([1, 0, 2, 1.0])
    s = np.array([0.1, 0.2, 0.3, 0.4])
    with pytest.raises(ValueError, match=r"offsets: must start at 0 and end"):
        rm.ndcg_queries(y, s, offsets=[0, 2, 3])
    with pytest.raises(ValueError, match=r"offsets: must start at 0"):
        rm.ndcg_queries(y, s, offsets=[1, 2, 4])
    with pytest.raises(ValueError, match=r"offsets: query 1 is empty"):
        rm.ndcg_queries(y, s, offsets=[0, 2, 2, 4])
    with pytest.raises(ValueError, match=r"offsets: query 0 is empty or offsets decrease"):
        rm.ndcg_queries(y, s, offsets=[0, 0, 4])
    with pytest.raises(ValueError, match=r"offsets: query 1 is empty or offsets decrease"):
        rm.ndcg_queries(y, s, offsets=[0, 3, 2, 4])
    with pytest.raises(ValueError, match=r"offsets: must be integers"):
        rm.ndcg_queries(y, s, offsets=[0.0, 2.0, 4.0])
    with pytest.raises(ValueError, match=r"offsets, query_ids: give one"):
        rm.ndcg_queries(y, s, offsets=[0, 4], query_ids=[0, 0, 0, 0])
    with pytest.raises(ValueError, match=r"query_ids: shape"):
        rm.ndcg_queries(y, s, query_ids=[0, 0, 1])


def test_policies_and_types():
    with pytest.raises(ValueError, match=r"ties: must be one of"):
        rm.ndcg([1, 0], [0.1, 0.2], ties="random")
    with pytest.raises(ValueError, match=r"zero_idcg: must be one of"):
        rm.ndcg([1, 0], [0.1, 0.2], zero_idcg="skip")
    with pytest.raises(ValueError, match=r"y_score: expected numbers"):
        rm.ndcg([1, 0], ["a", "b"])
    # dates and time deltas are not scores (numpy files time deltas under its integers)
    for when in (np.array([1, 2], dtype="m8[s]"), np.array([1, 2], dtype="M8[s]")):
        with pytest.raises(ValueError, match=r"y_score: expected numbers, got an array of dtype"):
            rm.ndcg([1, 0], when)
    with pytest.raises(ValueError, match=r"y_score: complex values"):
        rm.ndcg([1, 0], [1 + 0j, 2 + 0j])
    assert rm.ndcg(np.array([True, False]), np.array([1, 2], dtype=np.uint8)) == rm.ndcg(
        [1.0, 0.0], [1.0, 2.0])
    with pytest.raises(ValueError, match=r"y_true: expected a 1-d array"):
        rm.ndcg([[1, 0]], [[0.1, 0.2]])
    with pytest.raises(ValueError, match=r"discount: unknown name"):
        rm.ndcg([1, 0], [0.1, 0.2], discount="cubic")
    with pytest.raises(ValueError, match=r"gain: unknown name"):
        rm.ndcg([1, 0], [0.1, 0.2], gain="square")


def test_measure_specific_domains():
    with pytest.raises(ValueError, match=r"y_true: AUC needs binary labels"):
        rm.auc([0, 1, 2], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match=r"y_true: only one class present"):
        rm.auc([1, 1, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match=r"y_true: all labels equal"):
        rm.c_index([2, 2], [0.1, 0.2])
    with pytest.raises(ValueError, match=r"r_true: must be a permutation of 1..3"):
        rm.spearman_footrule([1, 1, 3], [1, 2, 3])
    with pytest.raises(ValueError, match=r"y_true: a single grade present; Z = 0"):
        rm.pairwise_loss([1, 1], [0.1, 0.2], normalized=True)
    with pytest.raises(ValueError, match=r"n_levels: must be an integer >= 2"):
        rm.pairwise_loss([0, 1], [0.1, 0.2], n_levels=1)
    with pytest.raises(ValueError, match=r"y_true: grade 3 is outside 0..n_levels-1"):
        rm.pairwise_loss_levels([0, 3], [0.1, 0.2], n_levels=3)
    with pytest.raises(ValueError, match=r"variant: must be 'a' or 'b'"):
        rm.kendall_tau([1, 2], [1, 2], variant="c")
    with pytest.raises(ValueError, match=r"order: must list every item"):
        rm.ranks_from_order("A>B>B", "ABC")


def test_discount_arguments():
    with pytest.raises(ValueError, match=r"beta: must be a real number > 0"):
        rm.power_discount(0)
    with pytest.raises(ValueError, match=r"base: must be a real number > 1"):
        rm.LogDiscount(1)
    with pytest.raises(ValueError, match=r"fraction: must be a real number in \(0, 1\]"):
        rm.cutoff("log", fraction=1.5)
    with pytest.raises(ValueError, match=r"k, fraction, exponent: give exactly one"):
        rm.cutoff("log")
    with pytest.raises(ValueError, match=r"length: the \|S\|-i discount depends"):
        rm.linear_discount.evaluate([1, 2])
    with pytest.raises(ValueError, match=r"discount: .* gave a negative value"):
        rm.dcg([1, 0], [0.2, 0.1], discount=lambda r: 1 - r)
    with pytest.raises(ValueError, match=r"expr: only the symbols r and n"):
        import sympy
        rm.CustomDiscount(expr=sympy.Symbol("q") / sympy.Symbol("r", positive=True))
    with pytest.raises(ValueError, match=r"t: F\(t\) is defined for t >= 1"):
        rm.log_discount.integral(0.5)


@pytest.mark.parametrize("dtype", ["<i8", ">i8", "<u8", "<i4"])
@pytest.mark.parametrize("size", [10, 1 << 17])  # the numpy path and the compiled pass
def test_integer_conversion_is_exact_and_refuses_beyond_2_53(dtype, size):
    """64-bit integers from 2^16 items on go through one compiled pass; both
    paths give numpy's float64 values and refuse what float64 cannot hold exactly."""
    from rankmeasures._validation import as_float_array

    rng = np.random.default_rng(0)
    lo = 0 if dtype[1] == "u" else -(2**31)
    base = rng.integers(lo, 2**31, (size // 2, 2)).astype(dtype)
    for arr in (base, base.T, base[:, ::-1]):  # C order, F order, strided
        got = as_float_array("y", arr, ndim=2)
        assert got.dtype == np.float64 and got.shape == arr.shape
        np.testing.assert_array_equal(got, arr.astype(np.float64))
    if dtype[-1] != "8":
        return
    edge = base.copy()
    edge[-1, -1] = 2**53  # the largest that converts exactly: accepted
    assert as_float_array("y", edge, ndim=2)[-1, -1] == 2.0**53
    for bad in ([2**53 + 1] if dtype[1] == "u" else [2**53 + 1, -(2**53) - 1]):
        edge[-1, -1] = bad
        with pytest.raises(ValueError, match=r"y: integers beyond 2\*\*53"):
            as_float_array("y", edge, ndim=2)


# -- one vocabulary: numpy numbers wherever Python numbers are, one message form ----------

def _int_cases():
    import rankmeasures as rm
    from rankmeasures.theory import asymptotics as A
    from rankmeasures.theory import variant_report as V

    yt, ys = np.array([2, 1, 0]), np.array([0.3, 0.2, 0.1])
    return [  # (argument name, call with the value, a good value, a bad value)
        ("c", rm.tutorial_idcg, 5, 0),
        ("k", lambda v: rm.cutoff("log2", k=v).evaluate(np.arange(1, 9)), 5, -1),
        ("k", lambda v: rm.TopKDiscount(v).evaluate(np.arange(1, 9)), 3, 0),
        ("n", lambda v: float(A.expected_dcg(A.s, "log2", v)), 4, 0),
        ("max_exponent", V.n_grid, 10, 1),
        ("n_levels", lambda v: rm.pairwise_loss(yt, ys, n_levels=v), 3, 1),
    ]


def _real_cases():
    import rankmeasures as rm

    r = np.arange(1, 9)
    return [
        ("beta", lambda v: rm.PowerDiscount(v).evaluate(r), 0.5, 0.0),
        ("base", lambda v: rm.LogDiscount(v).evaluate(r), 10.0, 1.0),
        ("fraction", lambda v: rm.cutoff("log2", fraction=v).evaluate(r, 10), 0.5, 1.5),
    ]


@pytest.mark.parametrize("case", range(6))
def test_integer_arguments_take_numpy_integers_and_refuse_alike(case):
    name, call, good, bad = _int_cases()[case]
    want = call(good)
    for v in (np.int64(good), np.int32(good), np.uint8(good)):
        np.testing.assert_array_equal(call(v), want)
    for v in (bad, np.int64(bad), float(good), True, "3", [good], np.array(good)):
        with pytest.raises(ValueError, match=rf"^{name}: must be (a positive integer|an "
                                             rf"integer( >= \d+| in \[\d+, \d+\])?)"
                                             rf"( \([^)]*\))?, got "):
            call(v)


@pytest.mark.parametrize("case", range(3))
def test_real_arguments_take_numpy_floats_and_refuse_alike(case):
    name, call, good, bad = _real_cases()[case]
    want = call(good)
    for v in (np.float64(good), np.float32(good)):
        np.testing.assert_allclose(call(v), want, rtol=1e-6)  # float32(0.5), (10.0) exact
    for v in (bad, np.float64(bad), float("nan"), True, "0.5", [good]):
        with pytest.raises(ValueError, match=rf"^{name}: must be a real number "
                                             rf"(in [\[(][^,]+, [^)\]]+[)\]]|[<>]=? [\d.]+), "
                                             rf"got "):
            call(v)


# -- every integer and real parameter of the root namespace ------------------------------
# The parameters are found from the signatures (an annotation naming int or float), so a
# new one must join CALLS below; the rest of the root has no scalar number to check:
#: result containers the measures build (their fields are not arguments a user checks)
RESULTS = {"PairCounts", "QueryResults"}
#: parameters that are not annotated, and why they are no scalar numbers
UNANNOTATED = {("Gain", "expr"): "a sympy expression, or a function of the symbol y"}
# Discount and Gain instances are callables of arrays (positions and lengths, grades).

_Y, _S = [2, 0, 1, 1], [0.4, 0.3, 0.2, 0.1]
_R, _P = [4, 2, 3, 5, 1], [1, 2, 4, 5, 3]
_QRELS = {"q1": {"d1": 1, "d2": 0, "d3": 2}}
_RUN = {"q1": {"d1": 0.5, "d2": 0.7, "d3": 0.1}}
_POS = np.arange(1, 9)


def _calls():
    """(function, parameter) -> (call with the value, a good value, a bad value)."""
    return {
        ("dcg", "k"): (lambda v: rm.dcg(_Y, _S, k=v), 2, 0),
        ("idcg", "k"): (lambda v: rm.idcg(_Y, k=v), 2, 0),
        ("ndcg", "k"): (lambda v: rm.ndcg(_Y, _S, k=v), 2, -1),
        ("dcg_queries", "k"): (lambda v: rm.dcg_queries([_Y], [_S], k=v).values, 2, 0),
        ("idcg_queries", "k"): (lambda v: rm.idcg_queries([_Y], k=v).values, 2, 0),
        ("ndcg_queries", "k"): (lambda v: rm.ndcg_queries([_Y], [_S], k=v).values, 2, 0),
        ("dcg_symbolic", "k"): (lambda v: rm.dcg_symbolic(_Y, _S, k=v), 2, 0),
        ("idcg_symbolic", "k"): (lambda v: rm.idcg_symbolic(_Y, k=v), 2, 0),
        ("ndcg_loss", "k"): (lambda v: rm.ndcg_loss(_Y, _S, k=v), 2, 0),
        ("TopKDiscount", "k"): (lambda v: rm.TopKDiscount(v)(_POS), 3, 0),
        ("topk_discount", "k"): (lambda v: rm.topk_discount(v)(_POS), 3, 0),
        ("CutoffDiscount", "k"): (lambda v: rm.CutoffDiscount(rm.log2_discount, v)(_POS), 3, 0),
        ("CutoffDiscount", "fraction"):
            (lambda v: rm.CutoffDiscount(rm.log2_discount, fraction=v)(_POS, 10), 0.5, 1.5),
        ("CutoffDiscount", "exponent"):
            (lambda v: rm.CutoffDiscount(rm.log2_discount, exponent=v)(_POS, 10), 0.5, 1.0),
        ("cutoff", "k"): (lambda v: rm.cutoff("log2", v)(_POS), 3, -1),
        ("cutoff", "fraction"): (lambda v: rm.cutoff("log2", fraction=v)(_POS, 10), 0.5, 0.0),
        ("cutoff", "exponent"): (lambda v: rm.cutoff("log2", exponent=v)(_POS, 10), 0.5, 0.0),
        ("ExponentialDiscount", "base"): (lambda v: rm.ExponentialDiscount(v)(_POS), 2.0, 1.0),
        ("LogDiscount", "base"): (lambda v: rm.LogDiscount(v)(_POS), 10.0, 1.0),
        ("PowerDiscount", "beta"): (lambda v: rm.PowerDiscount(v)(_POS), 0.5, 0.0),
        ("power_discount", "beta"): (lambda v: rm.power_discount(v)(_POS), 2.0, -1.0),
        ("pairwise_loss", "n_levels"): (lambda v: rm.pairwise_loss(_Y, _S, n_levels=v), 3, 1),
        ("pairwise_loss_levels", "n_levels"):
            (lambda v: rm.pairwise_loss_levels(_Y, _S, n_levels=v), 3, 1),
        ("tied_pair_weight", "n_levels"): (lambda v: rm.tied_pair_weight(_Y, _S, n_levels=v), 3, 1),
        ("discounted_error", "base"): (lambda v: rm.discounted_error(_R, _P, base=v), 2.0, 1.0),
        ("tutorial_dcg", "base"): (lambda v: rm.tutorial_dcg(_R, _P, base=v), 2.0, 0.5),
        ("tutorial_idcg", "c"): (lambda v: rm.tutorial_idcg(v), 5, 0),
        ("tutorial_idcg", "base"): (lambda v: rm.tutorial_idcg(5, base=v), 2.0, 1.0),
        ("evaluate", "rel"): (lambda v: rm.evaluate(_QRELS, _RUN, "map", rel=v).means, 2.0,
                              float("inf")),
        ("evaluate", "depth"): (lambda v: rm.evaluate(_QRELS, _RUN, "map", depth=v).means, 2, 0),
        ("evaluate", "n_docs"): (lambda v: rm.evaluate(_QRELS, _RUN, "map", n_docs=v).means,
                                 10, -1),
    }


def _numeric_parameters() -> dict:
    """(function, parameter) -> "int" or "real", from the root's signatures."""
    import inspect

    found = {}
    for name in rm.__all__:
        obj = getattr(rm, name)
        if name in RESULTS or not callable(obj) or isinstance(obj, rm.Discount | rm.Gain):
            continue
        for p in inspect.signature(obj).parameters.values():
            if p.annotation is inspect.Parameter.empty:
                assert (name, p.name) in UNANNOTATED, f"{name}({p.name}) has no annotation"
                continue
            kinds = set(str(p.annotation).replace(" ", "").split("|"))
            if "int" in kinds:
                found[(name, p.name)] = "int"
            elif "float" in kinds:
                found[(name, p.name)] = "real"
    return found


def test_every_integer_and_real_parameter_of_the_root_is_covered():
    assert set(_calls()) == set(_numeric_parameters())


_INT_MESSAGE = (r"must be (a positive integer|an integer( [<>]= -?\d+| in \[-?\d+, -?\d+\])?)"
                r"( \(.*\))?, got ")
_REAL_MESSAGE = (r"must be (a finite real number|a real number (in [\[(][^,]+, [^)\]]+[)\]]|"
                 r"[<>]=? -?[\d.]+))( \(.*\))?, got ")


@pytest.mark.parametrize("where", sorted(_numeric_parameters()), ids="-".join)
def test_numbers_of_every_root_function_take_numpy_types_and_refuse_alike(where):
    """Each integer parameter takes numpy integers as Python's, each real one numpy floats
    (and integers); a bool, a string, a list, a 0-d array and an out-of-range value are
    refused by one message form, naming the parameter."""
    call, good, bad = _calls()[where]
    name = where[1]
    want = call(good)
    if _numeric_parameters()[where] == "int":
        same = [np.int64(good), np.int32(good), np.uint8(good)]
        refused = [bad, np.int64(bad), float(good), True, "3", [good], np.array(good)]
        message = _INT_MESSAGE
    else:
        same = [np.float64(good), np.float32(good)]
        if float(good).is_integer():
            same += [int(good), np.int64(int(good))]
        refused = [bad, np.float64(bad), float("nan"), True, "0.5", [good], np.array(good)]
        message = _REAL_MESSAGE
    for v in same:  # float32(0.5) and float32(2.0) are exact: the same values
        got = call(v)
        if isinstance(want, dict):
            assert got == want, v
        else:
            np.testing.assert_array_equal(np.asarray(got, dtype=float),
                                          np.asarray(want, dtype=float))
    for v in refused:
        with pytest.raises(ValueError, match=rf"^{name}: {message}"):
            call(v)
