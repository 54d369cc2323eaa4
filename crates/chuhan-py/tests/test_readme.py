"""The README's first program runs and prints what it says."""

import contextlib
import io
import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"
WORKSPACE_README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


def first_program(text):
    return re.search(r"## A first program\n\n```python\n(.*?)```", text, re.S).group(1)


def test_first_program_runs():
    program = first_program(README.read_text(encoding="utf-8"))
    assert len([l for l in program.splitlines() if l.strip()]) <= 11
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(program, "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines[0] == "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2 42 False"
    score, wxf, chinese = lines[1].split()
    assert score[0] in "+-" and wxf[0] in "RHECAKP+-" and len(chinese) == 4
    assert lines[2] == "first ['h2e2', 'h9g7', 'h0g2']" and len(lines) == 3


def test_workspace_readme_shows_the_same_program():
    """The workspace README's Python quick start is this README's first program, which the test
    above runs."""
    program = first_program(README.read_text(encoding="utf-8"))
    workspace = WORKSPACE_README.read_text(encoding="utf-8")
    assert "```python\n" + program + "```" in workspace, "README.md's Python block differs: copy it over"


def test_stub_names_every_public_name():
    """The type stub declares every name the module exports, and nothing it lacks."""
    import chuhan

    stub = (pathlib.Path(chuhan.__file__).with_name("__init__.pyi")).read_text(encoding="utf-8")
    declared = set(re.findall(r"^(?:class|def) (\w+)|^(\w+):", stub, re.M))
    declared = {a or b for a, b in declared}
    exported = set(chuhan.__all__)
    assert exported - declared == set(), exported - declared
    assert (pathlib.Path(chuhan.__file__).with_name("py.typed")).exists()
    for name in exported:
        obj = getattr(chuhan, name)
        if callable(obj) and not isinstance(obj, type):
            assert obj.__doc__, name
