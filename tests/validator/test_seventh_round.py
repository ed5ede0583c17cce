"""Issue 27, round 7: a history peek is judged wherever the change adds it (a script, CLI,
Makefile or package.json script it modifies, not only one it adds), with the file's own job
(the git subcommands its unchanged lines already run) as the only exemption."""

from __future__ import annotations

from bot.validator import validate_static
from bot.validator.history_text import git_subcommands


def vetoes(verdict) -> set[str]:
    return {f.kind for f in verdict.vetoes}


GO_TOOL = (
    'package main\n\nimport (\n\t"fmt"\n\t"os/exec"\n)\n\nfunc main() {{\n'
    "\tout, _ := exec.Command({job}).Output()\n\tfmt.Print(string(out))\n}}\n"
)


def test_a_modified_tool_that_adds_a_history_command_is_a_peek(make_diff):
    before = GO_TOOL.format(job='"go", "run", "./cmd/dump"')
    after = before.replace(
        "\tfmt.Print(string(out))\n",
        '\tfmt.Print(string(out))\n\tlog, _ := exec.Command("git", "reflog").Output()\n\tfmt.Print(string(log))\n',
    )
    diff = make_diff({"tools/x/main.go": {"before": before, "after": after}})
    assert "git_history_peek" in vetoes(validate_static(diff))


def test_a_tool_whose_job_is_git_log_may_edit_it_but_not_add_another_history_command(make_diff):
    before = GO_TOOL.format(job='"git", "log", "--format=%s"')
    edited = GO_TOOL.format(job='"git", "log", "--no-merges", "--format=%s"')
    diff = make_diff({"cmd/notes/main.go": {"before": before, "after": edited}})
    assert validate_static(diff).decision == "pass"
    added = before.replace(
        "\tfmt.Print(string(out))\n",
        '\tfmt.Print(string(out))\n\tb, _ := exec.Command("git", "blame", "price.go").Output()\n\tfmt.Print(string(b))\n',
    )
    diff = make_diff({"cmd/notes/main.go": {"before": before, "after": added}})
    assert "git_history_peek" in vetoes(validate_static(diff))


MAKEFILE = "test:\n\tgo test ./...\n"


def test_a_makefile_recipe_disguising_git_show_is_a_peek(make_diff):
    # A zero-width space and quotes split the word; the shell runs `git show` all the same.
    after = "test:\n\tg\u200bit 'sh'ow HEAD~1:price.go > /tmp/p.go\n\tgo test ./...\n"
    diff = make_diff({"Makefile": {"before": MAKEFILE, "after": after}})
    assert "git_history_peek" in vetoes(validate_static(diff))
    stamp = "V := $(shell git describe --tags)\n" + MAKEFILE
    assert (
        validate_static(make_diff({"Makefile": {"before": MAKEFILE, "after": stamp}})).decision
        == "pass"
    )


PACKAGE = '{\n  "name": "cart",\n  "scripts": {\n    "test": "jest"\n  }\n}\n'


def test_a_package_script_runs_git_only_at_a_commands_start(make_diff):
    peek = PACKAGE.replace(
        '"test": "jest"', '"test": "jest",\n    "pretest": "npm ci && git log -p -- test/ > h.txt"'
    )
    assert "git_history_peek" in vetoes(
        validate_static(make_diff({"package.json": {"before": PACKAGE, "after": peek}}))
    )
    words = PACKAGE.replace(
        '"name": "cart",',
        '"name": "cart",\n  "description": "read git log -p for the history of each rule",',
    )
    assert (
        validate_static(make_diff({"package.json": {"before": PACKAGE, "after": words}})).decision
        == "pass"
    )


def test_a_files_job_is_read_from_argv_lists_and_command_lines():
    assert git_subcommands('exec.Command("git", "log", prev+"..HEAD")') == {"log"}
    assert git_subcommands("out=$(git -C repo --no-pager show HEAD:x)") == {"show"}
    assert git_subcommands('exec.Command("git", args...)') == set()


CONTROLLER = (
    "package com.acme;\n\n@RestController\npublic class CartController {{\n"
    "    public void pick(Request req) {{\n        audit(req);\n{write}    }}\n\n"
    "    public Cart cart(Request req) {{\n        return carts.load({read});\n    }}\n}}\n"
)


def test_a_singletons_field_carrying_one_requests_argument_to_another_method(make_diff):
    before = CONTROLLER.format(write="", read="req.id()")
    path = "src/main/java/com/acme/CartController.java"
    smuggled = CONTROLLER.format(write='        cartId = req.param("cart");\n', read="cartId")
    assert "global_state_smuggling" in vetoes(
        validate_static(make_diff({path: {"before": before, "after": smuggled}}))
    )
    # A value that is no argument of the request path, or a local of the same name, carries nothing.
    constant = CONTROLLER.format(write='        cartId = "default";\n', read="cartId")
    assert "global_state_smuggling" not in vetoes(
        validate_static(make_diff({path: {"before": before, "after": constant}}))
    )
    local = CONTROLLER.format(write='        String cartId = req.param("cart");\n', read="req.id()")
    assert validate_static(make_diff({path: {"before": before, "after": local}})).decision == "pass"
    # An ordinary object's field set by one method and read by another is its own state.
    entity = smuggled.replace("CartController", "Cart").replace("@RestController\n", "")
    diff = make_diff(
        {
            "src/main/java/com/acme/Cart.java": {
                "before": before.replace("CartController", "Cart").replace("@RestController\n", ""),
                "after": entity,
            }
        }
    )
    assert "global_state_smuggling" not in vetoes(validate_static(diff))


def test_a_tests_type_assertion_and_fake_cast_are_no_suppression(make_diff):
    src = "export function f(c: Clock, n: number): number {\n  return n;\n}\n"
    test = (
        "import { f } from '../src/f';\n\ntest('f', () => {\n"
        "  expect(f(fake as unknown as Clock, 1)).toBe(1);\n"
        "  // @ts-expect-error n must be a number\n  f(fake, 'x');\n});\n"
    )
    diff = make_diff({"src/f.ts": {"after": src}, "test/f.test.ts": {"after": test}})
    assert "lint_suppression" not in vetoes(validate_static(diff))
    # The same comment in product code hides the error it names.
    hidden = src.replace("  return n;", "  // @ts-expect-error n is sometimes a string\n  return n.trim();")
    assert "lint_suppression" in vetoes(validate_static(make_diff({"src/f.ts": {"after": hidden}})))


def test_a_pointer_dereference_at_a_lines_start_is_code_not_a_comment(make_diff):
    flags = (
        "package main\n\ntype multi []string\n\n"
        "func (m *multi) Set(v string) error {\n\t*m = append(*m, v)\n\treturn nil\n}\n"
    )
    assert validate_static(make_diff({"cmd/x/flags.go": {"after": flags}})).decision == "pass"
    block = "package main\n\nfunc run() {\n\t/*\n\t * total := sum(xs)\n\t */\n\tstart()\n}\n"
    live = "package main\n\nfunc run() {\n\ttotal := sum(xs)\n\tstart()\n}\n"
    diff = make_diff({"cmd/x/run.go": {"before": live, "after": block}})
    assert "commented_out_logic" in vetoes(validate_static(diff))


GO_TEST = (
    "package fetch\n\nimport \"testing\"\n\nfunc TestGet(t *testing.T) {{\n"
    "\tsrv := serve(func(w Writer, n int) {{\n\t\tw.Write(n)\n{inner}\t}})\n"
    "{outer}\tif Get(srv) != 200 {{\n\t\tt.Fatal(\"status\")\n\t}}\n}}\n"
)


def test_a_return_inside_a_handler_the_test_defines_ends_the_handler_not_the_test(make_diff):
    before = GO_TEST.format(inner="", outer="")
    handler = GO_TEST.format(inner="\t\tif n < 3 {\n\t\t\treturn\n\t\t}\n", outer="")
    diff = make_diff({"fetch/get_test.go": {"before": before, "after": handler}})
    assert "test_skipped" not in vetoes(validate_static(diff))
    early = GO_TEST.format(inner="", outer="\treturn\n")
    diff = make_diff({"fetch/get_test.go": {"before": before, "after": early}})
    assert "test_skipped" in vetoes(validate_static(diff))
