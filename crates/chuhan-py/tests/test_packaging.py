"""The installed wheel is the one PyPI would get: its metadata, its tag (manylinux2014: glibc
2.17, whatever glibc built it) and its extension (stripped, no newer glibc symbol).

scripts/test-python.sh installs the wheel scripts/build-wheels.sh builds; a wheel built another
way (plain `maturin build` on this machine) is tagged for this machine's glibc, so the tag
tests skip unless CHUHAN_EXPECT_MANYLINUX2014=1, which test-python.sh sets."""

import json
import os
import pathlib
import platform
import re
import struct
from importlib import metadata

import pytest

import chuhan

REPO = pathlib.Path(__file__).resolve().parents[3]
MANYLINUX = os.environ.get("CHUHAN_EXPECT_MANYLINUX2014") == "1"


def extension():
    [so] = [p for p in pathlib.Path(chuhan.__file__).parent.iterdir() if p.name.startswith("_chuhan") and p.suffix == ".so"]
    return so


def test_metadata_pypi_shows():
    meta = metadata.metadata("chuhan")
    assert meta["Name"] == "chuhan" and meta["Version"] == chuhan.__version__
    assert "xiangqi" in meta["Summary"].lower() and "janggi" in meta["Summary"].lower()
    assert meta["Requires-Python"] == ">=3.9"
    assert meta["License-Expression"] == "MIT OR Apache-2.0"
    assert meta["Description-Content-Type"].startswith("text/markdown")
    assert meta.get_payload().startswith("# chuhan for Python")  # the README, as PyPI's page
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert set(urls) >= {"Homepage", "Repository", "Documentation", "Issues"}, urls
    classifiers = meta.get_all("Classifier")
    assert "Typing :: Typed" in classifiers and "Programming Language :: Rust" in classifiers
    assert not [c for c in classifiers if c.startswith("License ::")], "PEP 639: the licence is the expression"
    assert {"xiangqi", "janggi"} <= set(meta["Keywords"].split(","))
    files = {str(f) for f in metadata.files("chuhan")}
    assert {"chuhan/__init__.pyi", "chuhan/py.typed"} <= files
    assert any(f.endswith("licenses/LICENSE-MIT") for f in files) and any(f.endswith("licenses/LICENSE-APACHE") for f in files)


def test_urls_are_the_npm_packages():
    """The Python and npm packages point at the same repository and issue tracker."""
    meta = metadata.metadata("chuhan")
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    package_json = REPO / "crates/chuhan-wasm/js/package.json"
    if not package_json.exists():
        pytest.skip("not in a checkout")
    npm = json.loads(package_json.read_text(encoding="utf-8"))
    assert npm["repository"]["url"] == f"git+{urls['Repository']}.git"
    assert npm["bugs"]["url"] == urls["Issues"]
    assert npm["homepage"].startswith(urls["Homepage"])


def elf_sections(data):
    """Section names of a little-endian ELF64 file."""
    assert data[:6] == b"\x7fELF\x02\x01", "ELF64, little-endian"
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    strtab = headers[shstrndx]
    names = data[strtab[4] : strtab[4] + strtab[5]]
    return {names[h[0] : names.index(b"\0", h[0])].decode() for h in headers}


def test_extension_is_stripped():
    data = extension().read_bytes()
    sections = elf_sections(data)
    assert ".dynsym" in sections and ".symtab" not in sections, sorted(sections)


@pytest.mark.skipif(not MANYLINUX, reason="a wheel from scripts/build-wheels.sh only (CHUHAN_EXPECT_MANYLINUX2014=1)")
def test_wheel_is_manylinux2014():
    wheel = metadata.distribution("chuhan").read_text("WHEEL")
    tags = re.findall(r"^Tag: (.*)$", wheel, re.M)
    machine = platform.machine()
    assert f"cp39-abi3-manylinux_2_17_{machine}" in tags, tags
    assert f"cp39-abi3-manylinux2014_{machine}" in tags, tags
    # No symbol of a glibc newer than 2.17 (manylinux2014's), whatever glibc built it.
    versions = {tuple(map(int, v.split(b"."))) for v in re.findall(rb"GLIBC_(\d+(?:\.\d+)+)", extension().read_bytes())}
    assert versions and max(versions) <= (2, 17), sorted(versions)


@pytest.mark.skipif(not MANYLINUX, reason="a wheel from scripts/build-wheels.sh only (CHUHAN_EXPECT_MANYLINUX2014=1)")
def test_readme_names_the_wheel():
    """The README's table of artifacts names the wheel as build-wheels.sh names it."""
    readme = pathlib.Path(__file__).resolve().parents[1] / "README.md"
    machine = platform.machine()
    name = f"chuhan-{chuhan.__version__}-cp39-abi3-manylinux2014_{machine}.manylinux_2_17_{machine}.whl"
    assert f"`{name}`" in readme.read_text(encoding="utf-8")
    assert f"`chuhan-{chuhan.__version__}.tar.gz`" in readme.read_text(encoding="utf-8")


def test_the_three_manifests_name_one_repository():
    """The project's address is written in pyproject.toml, chuhan-py's Cargo.toml and the npm
    package.json (a placeholder until the project has its public address: changed in all three
    at once, which this checks)."""
    pyproject = (REPO / "crates/chuhan-py/pyproject.toml").read_text(encoding="utf-8")
    cargo = (REPO / "crates/chuhan-py/Cargo.toml").read_text(encoding="utf-8")
    package = json.loads((REPO / "crates/chuhan-wasm/js/package.json").read_text(encoding="utf-8"))
    repo = re.search(r'^Repository = "(.*)"$', pyproject, re.M).group(1)
    assert re.search(rf'^repository = "{re.escape(repo)}"$', cargo, re.M)
    assert package["repository"]["url"] == f"git+{repo}.git"
    assert package["homepage"].startswith(repo) and package["bugs"]["url"] == f"{repo}/issues"
