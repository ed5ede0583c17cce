"""Per-language extraction through the public graph: definitions, references, callers, scope."""

from __future__ import annotations

from bot.codegraph import CodeGraph, Definition


def spans(graph: CodeGraph, path: str) -> list[tuple[str, str, int, int]]:
    return [(d.qualname, d.kind, d.line, d.end_line) for d in graph.definitions(path)]


def refs(graph: CodeGraph, name: str) -> list[tuple[str, str, int, str | None]]:
    return [(r.kind, r.path, r.line, r.enclosing) for r in graph.find_references(name)]


def qualnames(definitions: list[Definition]) -> list[str]:
    return [d.qualname for d in definitions]


PYTHON = {
    "shop/cart.py": '''
        """Cart."""
        import os.path
        from shop import pricing as p
        from .tax import rate


        class Cart:
            """A cart."""

            def __init__(self):
                self.items = []

            @property
            def total(self):
                return pricing_total(self.items)

            async def checkout(self):
                def audit():
                    return rate()
                return audit()
                # trailing comment inside the method


        def pricing_total(items):
            return sum(i.price for i in items)


        pricing_total([])
        ''',
    "shop/report.py": """
        from shop.cart import Cart, pricing_total


        def summary(cart):
            return pricing_total(cart.items)
        """,
}


def test_python_definitions_have_qualnames_kinds_and_def_line_spans(index_tree) -> None:
    graph = index_tree(PYTHON)

    assert spans(graph, "shop/cart.py") == [
        ("Cart", "class", 7, 20),
        ("Cart.__init__", "method", 10, 11),
        # decorated: the span starts at `def`, like ast's lineno
        ("Cart.total", "method", 14, 15),
        ("Cart.checkout", "method", 17, 20),  # the trailing comment is not code
        ("Cart.checkout.audit", "function", 18, 19),
        ("pricing_total", "function", 24, 25),
    ]


def test_python_references_of_each_kind(index_tree) -> None:
    graph = index_tree(PYTHON)

    assert refs(graph, "pricing_total") == [
        ("call", "shop/cart.py", 15, "Cart.total"),
        ("call", "shop/cart.py", 28, None),
        ("import", "shop/report.py", 1, None),
        ("call", "shop/report.py", 5, "summary"),
    ]
    assert refs(graph, "items") == [
        ("attribute", "shop/cart.py", 11, "Cart.__init__"),
        ("attribute", "shop/cart.py", 15, "Cart.total"),
        ("attribute", "shop/report.py", 5, "summary"),
    ]
    assert refs(graph, "os.path") == [("import", "shop/cart.py", 2, None)]
    assert [r.name for r in graph.find_references("tax")] == [".tax"]
    assert refs(graph, "rate") == [
        ("import", "shop/cart.py", 4, None),
        ("call", "shop/cart.py", 19, "Cart.checkout.audit"),
    ]
    assert refs(graph, "pricing_total") != refs(graph, "pricing")


def test_python_symbol_lookup_callers_and_enclosing(index_tree) -> None:
    graph = index_tree(PYTHON)

    assert qualnames(graph.find_symbol("total")) == ["Cart.total"]
    assert qualnames(graph.find_symbol("Cart.checkout.audit")) == ["Cart.checkout.audit"]
    assert qualnames(graph.find_symbol("shop.cart.pricing_total")) == ["pricing_total"]
    assert graph.find_symbol("shop.report.pricing_total") == []
    assert qualnames(graph.callers("pricing_total")) == ["Cart.total", "summary"]
    assert qualnames(graph.callers("audit")) == ["Cart.checkout"]

    assert graph.enclosing("shop/cart.py", 19).qualname == "Cart.checkout.audit"
    assert graph.enclosing("shop/cart.py", 20).qualname == "Cart.checkout"
    assert graph.enclosing("shop/cart.py", 8).qualname == "Cart"
    assert graph.enclosing("shop/cart.py", 28) is None
    assert graph.enclosing("missing.py", 1) is None
    assert graph.enclosing("./shop//cart.py", 19) == graph.enclosing("shop/cart.py", 19)


def test_definitions_touched_by_line_ranges(index_tree) -> None:
    graph = index_tree(PYTHON)

    touched = graph.definitions_touched("shop/cart.py", [(11, 11), (25, 26)])

    assert qualnames(touched) == ["Cart", "Cart.__init__", "pricing_total"]
    assert graph.definitions_touched("shop/cart.py", [(26, 28)]) == []
    innermost = graph.definitions_touched("shop/cart.py", [(11, 11), (19, 19)], innermost=True)
    assert qualnames(innermost) == ["Cart.__init__", "Cart.checkout.audit"]
    in_class_body = graph.definitions_touched("shop/cart.py", [(8, 11)], innermost=True)
    assert qualnames(in_class_body) == ["Cart", "Cart.__init__"]
    assert graph.definitions_touched("nowhere.py", [(1, 100)]) == []


def test_javascript_functions_classes_and_jsx(index_tree) -> None:
    graph = index_tree(
        {
            "web/app.js": """
                import { helper as h, other } from "./lib/util.js";
                import React from "react";

                function greet(name) {
                  return format(name);
                }

                const shout = (text) => text.toUpperCase();

                class Greeter {
                  constructor(prefix) {
                    this.prefix = prefix;
                  }

                  hello(name) {
                    const f = new Formatter();
                    return this.prefix + greet(name) + f.size;
                  }
                }

                export function Panel() {
                  return <Card title="x"><div>{greet("a")}</div></Card>;
                }

                greet("top");
                """,
        }
    )

    assert spans(graph, "web/app.js") == [
        ("greet", "function", 4, 6),
        ("shout", "function", 8, 8),
        ("Greeter", "class", 10, 19),
        ("Greeter.constructor", "method", 11, 13),
        ("Greeter.hello", "method", 15, 18),
        ("Panel", "function", 21, 23),
    ]
    assert refs(graph, "greet") == [
        ("call", "web/app.js", 17, "Greeter.hello"),
        ("call", "web/app.js", 22, "Panel"),
        ("call", "web/app.js", 25, None),
    ]
    assert refs(graph, "Formatter") == [("call", "web/app.js", 16, "Greeter.hello")]
    assert refs(graph, "Card") == [("call", "web/app.js", 22, "Panel")]
    assert refs(graph, "div") == []  # intrinsic elements are not components
    assert refs(graph, "prefix") == [
        ("attribute", "web/app.js", 12, "Greeter.constructor"),
        ("attribute", "web/app.js", 17, "Greeter.hello"),
    ]
    assert refs(graph, "helper") == [("import", "web/app.js", 1, None)]
    assert [r.name for r in graph.find_references("util")] == ["./lib/util.js"]
    assert [r.name for r in graph.find_references("lib/util")] == ["./lib/util.js"]
    assert qualnames(graph.callers("greet")) == ["Greeter.hello", "Panel"]
    assert graph.enclosing("web/app.js", 17).qualname == "Greeter.hello"


def test_typescript_interfaces_types_enums_and_abstract_classes(index_tree) -> None:
    graph = index_tree(
        {
            "src/service.ts": """
                import { Store } from "./store";

                export interface Repo {
                  save(item: Item): void;
                }

                type Item = { id: number };

                enum Color { Red, Green }

                export abstract class Service implements Repo {
                  private store: Store = new Store();

                  save(item: Item): void {
                    this.store.put(item.id);
                  }

                  abstract load(id: number): Item;
                }

                export function makeService(): Service {
                  return createService();
                }
                """,
            "src/view.tsx": """
                import { useState } from "react";
                import { makeService } from "./service";

                export function Counter(props: { start: number }) {
                  const [n, setN] = useState(props.start);
                  const service = makeService();
                  return <Badge onClick={() => setN(n + 1)}>{n}</Badge>;
                }
                """,
        }
    )

    assert spans(graph, "src/service.ts") == [
        ("Repo", "interface", 3, 5),
        ("Repo.save", "method", 4, 4),
        ("Item", "type", 7, 7),
        ("Color", "enum", 9, 9),
        ("Service", "class", 11, 19),
        ("Service.save", "method", 14, 16),
        ("Service.load", "method", 18, 18),
        ("makeService", "function", 21, 23),
    ]
    assert spans(graph, "src/view.tsx") == [("Counter", "function", 4, 8)]
    assert refs(graph, "makeService") == [
        ("import", "src/view.tsx", 2, None),
        ("call", "src/view.tsx", 6, "Counter"),
    ]
    assert refs(graph, "Store") == [
        ("import", "src/service.ts", 1, None),
        ("call", "src/service.ts", 12, "Service"),
    ]
    # the module "./store" and the attribute `this.store` share the name
    assert refs(graph, "store") == [
        ("import", "src/service.ts", 1, None),
        ("attribute", "src/service.ts", 15, "Service.save"),
    ]
    assert refs(graph, "Badge") == [("call", "src/view.tsx", 7, "Counter")]
    assert qualnames(graph.find_symbol("save")) == ["Repo.save", "Service.save"]
    assert qualnames(graph.callers("put")) == ["Service.save"]
    assert graph.enclosing("src/service.ts", 15).qualname == "Service.save"
    assert graph.enclosing("src/view.tsx", 7).qualname == "Counter"


def test_go_functions_methods_on_receivers_and_types(index_tree) -> None:
    graph = index_tree(
        {
            "server/server.go": """
                package server

                import (
                	"fmt"
                	"net/http"
                )

                type Server struct {
                	addr string
                }

                type Handler interface {
                	Serve() error
                }

                func NewServer(addr string) *Server {
                	return &Server{addr: addr}
                }

                func (s *Server) Start() error {
                	fmt.Println(s.addr)
                	return http.ListenAndServe(s.addr, nil)
                }
                """,
            "cmd/main.go": """
                package main

                import "example.com/app/server"

                func main() {
                	server.NewServer(":80").Start()
                }
                """,
        }
    )

    assert spans(graph, "server/server.go") == [
        ("Server", "struct", 8, 10),
        ("Handler", "interface", 12, 14),
        ("NewServer", "function", 16, 18),
        ("Server.Start", "method", 20, 23),
    ]
    assert refs(graph, "Server") == [("call", "server/server.go", 17, "NewServer")]
    assert refs(graph, "Start") == [("call", "cmd/main.go", 6, "main")]
    assert refs(graph, "addr") == [
        ("attribute", "server/server.go", 21, "Server.Start"),
        ("attribute", "server/server.go", 22, "Server.Start"),
    ]
    assert refs(graph, "http") == [("import", "server/server.go", 5, None)]
    assert refs(graph, "example.com/app/server") == [("import", "cmd/main.go", 3, None)]
    assert qualnames(graph.find_symbol("Server.Start")) == ["Server.Start"]
    assert qualnames(graph.callers("NewServer")) == ["main"]
    assert graph.enclosing("server/server.go", 22).qualname == "Server.Start"


def test_java_nested_classes_constructors_and_interfaces(index_tree) -> None:
    graph = index_tree(
        {
            "src/shop/Shop.java": """
                package shop;

                import java.util.List;

                public class Shop {
                    private final List<String> items;

                    public Shop(List<String> items) {
                        this.items = items;
                    }

                    public int count() {
                        return this.items.size();
                    }

                    interface Listener {
                        void onSale(String item);
                    }

                    static class Basket {
                        int total() {
                            Shop shop = new Shop(null);
                            return shop.count();
                        }
                    }
                }
                """,
        }
    )

    assert spans(graph, "src/shop/Shop.java") == [
        ("Shop", "class", 5, 26),
        ("Shop.Shop", "constructor", 8, 10),
        ("Shop.count", "method", 12, 14),
        ("Shop.Listener", "interface", 16, 18),
        ("Shop.Listener.onSale", "method", 17, 17),
        ("Shop.Basket", "class", 20, 25),
        ("Shop.Basket.total", "method", 21, 24),
    ]
    assert refs(graph, "count") == [("call", "src/shop/Shop.java", 23, "Shop.Basket.total")]
    assert refs(graph, "Shop") == [("call", "src/shop/Shop.java", 22, "Shop.Basket.total")]
    assert refs(graph, "items") == [
        ("attribute", "src/shop/Shop.java", 9, "Shop.Shop"),
        ("attribute", "src/shop/Shop.java", 13, "Shop.count"),
    ]
    assert refs(graph, "java.util.List") == [("import", "src/shop/Shop.java", 3, None)]
    assert qualnames(graph.callers("count")) == ["Shop.Basket.total"]
    assert qualnames(graph.find_symbol("shop.Shop.Basket.total")) == ["Shop.Basket.total"]
    assert graph.enclosing("src/shop/Shop.java", 23).qualname == "Shop.Basket.total"
    assert graph.enclosing("src/shop/Shop.java", 6).qualname == "Shop"
