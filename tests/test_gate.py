"""The reproducibility gate's bookkeeping (the regeneration itself runs in `make test`
as `python -m rankmeasures.gate check`)."""

import json

from rankmeasures import gate


def test_compare_names_every_differing_file():
    expected = {"figures/004_limits.csv": "a" * 64, "figures/001_fig01.png": "b" * 64,
                "notebooks/executed/000_x.ipynb": "c" * 64}
    actual = {"figures/004_limits.csv": "d" * 64, "figures/001_fig01.png": "b" * 64,
              "figures/999_new.png": "e" * 64}
    lines = gate.compare(expected, actual)
    assert lines == ["differs: figures/004_limits.csv (listed aaaaaaaaaaaa, got dddddddddddd)",
                     "unlisted: figures/999_new.png (produced, not in figures/SHA256SUMS)",
                     "missing: notebooks/executed/000_x.ipynb (listed in figures/SHA256SUMS, "
                     "not produced)"]
    assert gate.compare(expected, expected) == []


def test_sums_round_trip_and_up_to_date(tmp_path):
    (tmp_path / "figures").mkdir()
    (tmp_path / "notebooks" / "executed").mkdir(parents=True)
    (tmp_path / "figures" / "007_plot.png").write_bytes(b"png")
    (tmp_path / "notebooks" / "executed" / "007_x.ipynb").write_text("{}")
    gate.write(tmp_path)
    sums = gate.read_sums(tmp_path)
    assert set(sums) == {"figures/007_plot.png", "notebooks/executed/007_x.ipynb"}
    assert sums["figures/007_plot.png"] == gate.file_sha256(tmp_path / "figures/007_plot.png")
    man = json.loads((tmp_path / "figures" / "manifest.json").read_text())
    assert man["packages"]["numpy"] != "not installed"
    prefixes = ("figures/007_", "notebooks/executed/007_x.")
    assert not gate.is_up_to_date("007_x", "k1", prefixes, tmp_path)  # never recorded
    gate.update_manifest("007_x", key="k1", parameters={"n": 3}, root=tmp_path)
    assert gate.is_up_to_date("007_x", "k1", prefixes, tmp_path)
    assert not gate.is_up_to_date("007_x", "k2", prefixes, tmp_path)  # code changed
    (tmp_path / "figures" / "007_plot.png").write_bytes(b"edited")
    assert not gate.is_up_to_date("007_x", "k1", prefixes, tmp_path)  # output changed


def test_input_key_tracks_notebook_parameters_and_code(tmp_path):
    nb = tmp_path / "007_x.py"
    nb.write_text("# %%\nx = 1\n")
    k1 = gate.input_key(notebook=nb, parameters={"x": 1})
    assert k1 == gate.input_key(notebook=nb, parameters={"x": 1})
    assert k1 != gate.input_key(notebook=nb, parameters={"x": 2})
    nb.write_text("# %%\nx = 2\n")
    assert k1 != gate.input_key(notebook=nb, parameters={"x": 1})
    assert gate.input_key() != k1
