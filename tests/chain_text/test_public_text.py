"""Public comments never carry host details: paths of Smith's folders, temp folders, home."""

from __future__ import annotations

from pathlib import Path

from bot.engine.endings import render_internal_error
from bot.text.public import scrub_host_details


def test_checkout_paths_become_repository_relative_and_smiths_folders_placeholders():
    data = Path("/srv/smith/data")
    checkout = data / "workspace" / "runs" / "ab12" / "checkout"
    text = (f"`{checkout}/src/calc.py:3: AssertionError` in {checkout}; cache at {data}/deps/x;"
            " report /tmp/smith-junit-9f/report.xml; tools /root/.cache/smith/js-tools/jest.js")
    public = scrub_host_details(text, checkouts=[checkout], data_dirs=[data], home="/root")
    assert "src/calc.py:3: AssertionError" in public
    assert "/srv/smith" not in public and "/tmp/" not in public and "/root" not in public
    assert "<smith-data>/deps/x" in public and "~/.cache/smith/js-tools/jest.js" in public


def test_a_word_that_merely_starts_like_the_home_folder_is_kept():
    assert scrub_host_details("see /rootfs and /root/x", home="/root") == "see /rootfs and ~/x"


def test_an_internal_error_comment_names_the_run_and_what_to_do_not_the_exception():
    text = render_internal_error(42, step="validate")
    assert "run 42" in text and "/smith retry" in text and "Validation" in text
    assert "Error" not in text.replace("internal error", "")
