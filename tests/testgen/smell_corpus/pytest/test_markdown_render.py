# smells: none
from docs.markdown import render


def test_emphasis():
    assert render("*hi*") == "<p><em>hi</em></p>"


def test_heading_levels():
    assert render("## Title") == "<h2>Title</h2>"


def test_html_is_escaped():
    assert render("<script>") == "<p>&lt;script&gt;</p>"


def test_rendering_is_idempotent_on_plain_text():
    assert render("plain") == render(render("plain").removeprefix("<p>").removesuffix("</p>"))
