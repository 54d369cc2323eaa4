"""The README's other examples run too: each `>>>` line of its error block raises the exception
it shows, with the message it shows (the first program is tests/test_readme.py's)."""

import contextlib
import io
import pathlib
import re

import pytest

import chuhan

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"


def error_examples():
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```text\n(.*?)```", text, re.S)
    pairs = []
    for block in blocks:
        pairs += re.findall(r"^>>> (.*)\n(chuhan\.\w+): (.*)$", block, re.M)
    return pairs


def test_the_readme_has_error_examples():
    assert len(error_examples()) >= 2


@pytest.mark.parametrize("source,error,message", error_examples())
def test_error_example(source, error, message):
    with pytest.raises(Exception) as raised:
        eval(source, {"chuhan": chuhan})
    assert f"chuhan.{type(raised.value).__name__}" == error
    assert str(raised.value) == message


def database_example():
    text = README.read_text(encoding="utf-8")
    return re.search(r"## The game database\n.*?```python\n(.*?)```", text, re.S).group(1)


def master_pgn(source, games=400):
    """Hu Ronghua's games from the shared samples as the README's `master.pgn`: his name in
    Chinese, the year of the event as the date and a result. The samples carry no results, so
    every game is given `1-0` here; the example's filters are what is tested, not the results."""
    text = source.read_text(encoding="utf-8")
    out = []
    for i, game in enumerate(text.strip().split("\n\n[")[:games]):
        game = ("[" if i else "") + game
        year = re.search(r'(\d{4})"\]', game)
        head, _, moves = game.partition("\n\n")
        head = head.replace('"HU RongHua"', '"胡荣华"')
        head += f'\n[Date "{year.group(1) if year else "1995"}.01.01"]\n[Result "1-0"]'
        out.append(f"{head}\n\n{moves.strip()} 1-0\n")
    return "\n".join(out)


def test_database_example_runs(tmp_path, monkeypatch):
    """The game database block runs as printed, in a directory holding the two files it names,
    and every query in it finds something."""
    from conftest import shared

    (tmp_path / "master.pgn").write_text(
        master_pgn(shared("games/Hu_Ronghua_1391_UCI_games.pgn")), encoding="utf-8"
    )
    (tmp_path / "club.xqf").write_bytes(shared("records/cchess-tests/test.xqf").read_bytes())
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    scope = {"chuhan": chuhan}
    with contextlib.redirect_stdout(out):
        exec(compile(database_example(), "README.md", "exec"), scope)
    lines = out.getvalue().splitlines()
    assert lines[0] == "396 5 []", lines[0]  # five games of the sample repeat another
    assert scope["e"]["moves"] and scope["e"]["opening"]
    assert len(scope["games"]) == 1 and scope["games"][0]["red"] == "胡荣华"
    assert scope["record"].end().fen() != chuhan.Board().fen()
    assert scope["pgn"].count("[Event ") > 0
    assert lines[-1].split()[0] == "396"
