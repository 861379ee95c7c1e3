# Parses PromQL expressions with promql-parser (PyPI; bindings to the Rust promql-parser, which
# follows Prometheus' own grammar) for the deployment checks (helm.mjs promqlParse).
# stdin: a JSON array of expressions. stdout: a JSON array, one entry per expression:
#   {"error": "<parser message>"} or {"selectors": [{"metric", "labels"}], "groupings": [[label]]}
import json
import sys

import promql_parser


def inspect(expression):
    try:
        tree = promql_parser.parse(expression)
    except ValueError as error:
        return {"error": str(error)}
    selectors = []
    groupings = []

    def visit(node):
        if isinstance(node, promql_parser.VectorSelector):
            selectors.append({"metric": node.name, "labels": [m.name for m in node.matchers.matchers]})
        elif isinstance(node, promql_parser.AggregateExpr) and node.modifier is not None:
            groupings.append(list(node.modifier.labels))

    promql_parser.walk(tree, visit)
    return {"selectors": selectors, "groupings": groupings}


json.dump([inspect(e) for e in json.load(sys.stdin)], sys.stdout)
