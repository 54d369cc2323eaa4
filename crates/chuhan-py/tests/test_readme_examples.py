"""The README's other examples run too: each `>>>` line of its error block raises the exception
it shows, with the message it shows (the first program is tests/test_readme.py's)."""

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
