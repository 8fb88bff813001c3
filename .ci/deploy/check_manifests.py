"""Checks of the deployment files that need no cluster and no Docker engine (.ci/deploy-checks).

1. Every whole manifest (the files the kustomizations list under `resources`) and every
   document kustomize renders (real kustomize, built into kubectl) validates against the
   Kubernetes OpenAPI schemas with kubernetes-validate, strictly (unknown fields are errors),
   for the oldest and newest Kubernetes versions supported. Only the Prometheus Operator kinds
   may lack a schema there; they are validated against the operator's CRD schemas (crds.mjs).
2. The rendered objects fit together: selectors match the pod labels, named ports exist, the
   HPA targets the Deployment, the Deployment reads the generated ConfigMap, and the pod keeps
   its security settings and resources in every overlay.
3. promtool (Prometheus' own parser) checks the PrometheusRule's groups and runs the alert unit
   tests (k8s/tests/alerts.test.yaml); it also parses every dashboard query.
4. The Docker build: the Dockerfile runs CI's release build command, and every source file that
   build read (target/release/draughts-api.d) is admitted by .dockerignore and copied by a
   COPY of the build stage.
"""

import argparse
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

import kubernetes_validate
import yaml
from kubernetes_validate.utils import SchemaNotFoundError, ValidationError

ROOT = pathlib.Path(__file__).resolve().parents[2]
K8S = ROOT / "k8s"
KUBERNETES_VERSIONS = ["1.30.0", "1.37.0"]  # 1.30: the preStop sleep action is on by default
CRD_KINDS = {("monitoring.coreos.com/v1", "ServiceMonitor"), ("monitoring.coreos.com/v1", "PrometheusRule")}
failures = []


def fail(message):
    failures.append(message)
    print(f"ERROR {message}")


def rel(path):
    return str(pathlib.Path(path).resolve().relative_to(ROOT))


def kustomizations():
    return sorted(p.parent for p in K8S.rglob("kustomization.yaml"))


def resource_files():
    """The files the kustomizations list as resources (whole manifests, not patches)."""
    files = []
    for directory in kustomizations():
        spec = yaml.safe_load((directory / "kustomization.yaml").read_text())
        for entry in spec.get("resources", []):
            path = (directory / entry).resolve()
            if path.is_file():
                files.append(path)
    return files


def render(kubectl, directory):
    out = subprocess.run([kubectl, "kustomize", str(directory)], check=True, capture_output=True, text=True).stdout
    return [d for d in yaml.safe_load_all(out) if d]


def validate(source, document):
    kind = (document.get("apiVersion"), document.get("kind"))
    name = f"{document.get('kind', '?').lower()}/{document.get('metadata', {}).get('name', '?')}"
    for version in KUBERNETES_VERSIONS:
        try:
            kubernetes_validate.validate(document, version, strict=True)
        except ValidationError as e:
            path = ".".join(str(p) for p in e.path)
            fail(f"{source}: {name} against Kubernetes {version}: {path}: {e.message}")
            return
        except SchemaNotFoundError:
            if kind not in CRD_KINDS:
                fail(f"{source}: {name}: no schema for {kind[0]} {kind[1]} in Kubernetes {version}")
            else:
                print(f"INFO {source}: {name}: a CRD, validated by its schema below")
            return
    print(f"INFO {source}: {name} valid (strict) for Kubernetes {', '.join(KUBERNETES_VERSIONS)}")


def by_kind(documents, kind):
    return [d for d in documents if d["kind"] == kind]


def selects(selector, labels):
    return all(labels.get(k) == v for k, v in selector.items())


def check_rendered(name, documents):
    """Cross-references a cluster would only reveal at run time."""
    before = len(failures)
    kinds = sorted(d["kind"] for d in documents)
    for expected in ["Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "NetworkPolicy",
                     "ServiceMonitor", "PrometheusRule"]:
        if expected not in kinds:
            fail(f"{name}: no {expected} in the rendered output ({kinds})")
    [deployment] = by_kind(documents, "Deployment")
    pod = deployment["spec"]["template"]
    labels = pod["metadata"]["labels"]
    [container] = pod["spec"]["containers"]
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    configmaps = {d["metadata"]["name"] for d in by_kind(documents, "ConfigMap")}

    if not selects(deployment["spec"]["selector"]["matchLabels"], labels):
        fail(f"{name}: the Deployment's selector does not match its pods")
    for kind, selector in [
        ("Service", lambda d: d["spec"]["selector"]),
        ("PodDisruptionBudget", lambda d: d["spec"]["selector"]["matchLabels"]),
        ("NetworkPolicy", lambda d: d["spec"]["podSelector"]["matchLabels"]),
    ]:
        for d in by_kind(documents, kind):
            if not selects(selector(d), labels):
                fail(f"{name}: {kind} {d['metadata']['name']} selects no pod of the Deployment")
    services = by_kind(documents, "Service")
    for d in services:
        for port in d["spec"]["ports"]:
            if port["targetPort"] not in ports and port["targetPort"] not in ports.values():
                fail(f"{name}: Service port {port} targets no container port")
    for d in by_kind(documents, "ServiceMonitor"):
        if not any(selects(d["spec"]["selector"]["matchLabels"], s["metadata"]["labels"]) for s in services):
            fail(f"{name}: ServiceMonitor selects no Service")
        for endpoint in d["spec"]["endpoints"]:
            if not any(endpoint["port"] == p.get("name") for s in services for p in s["spec"]["ports"]):
                fail(f"{name}: ServiceMonitor port {endpoint['port']} is no Service port name")
    for d in by_kind(documents, "HorizontalPodAutoscaler"):
        target = d["spec"]["scaleTargetRef"]
        if (target["kind"], target["name"]) != ("Deployment", deployment["metadata"]["name"]):
            fail(f"{name}: the HPA scales {target}, not the Deployment")
        if d["spec"]["minReplicas"] != deployment["spec"]["replicas"]:
            fail(f"{name}: HPA minReplicas {d['spec']['minReplicas']} differs from replicas")
    for ref in container.get("envFrom", []):
        if ref["configMapRef"]["name"] not in configmaps:
            fail(f"{name}: envFrom names ConfigMap {ref['configMapRef']['name']}, not rendered ({configmaps})")
    for probe in ["startupProbe", "livenessProbe", "readinessProbe"]:
        port = container.get(probe, {}).get("httpGet", {}).get("port")
        if port not in ports:
            fail(f"{name}: {probe} missing or on an unknown port {port}")

    security = container.get("securityContext", {})
    pod_security = pod["spec"].get("securityContext", {})
    expectations = {
        "runAsNonRoot": pod_security.get("runAsNonRoot") is True,
        "seccomp RuntimeDefault": pod_security.get("seccompProfile", {}).get("type") == "RuntimeDefault",
        "readOnlyRootFilesystem": security.get("readOnlyRootFilesystem") is True,
        "allowPrivilegeEscalation false": security.get("allowPrivilegeEscalation") is False,
        "capabilities drop ALL": security.get("capabilities", {}).get("drop") == ["ALL"],
        "CPU and memory requests and limits": all(
            container.get("resources", {}).get(level, {}).get(r) for level in ["requests", "limits"]
            for r in ["cpu", "memory"]),
    }
    for what, ok in expectations.items():
        if not ok:
            fail(f"{name}: the pod lost {what}")
    if len(failures) == before:
        print(f"INFO {name}: selectors, ports, HPA target, ConfigMap and pod security settings fit together")


def check_crds(node, sources):
    documents = [{"source": s, "document": d} for s, d in sources if (d.get("apiVersion"), d.get("kind")) in CRD_KINDS]
    result = subprocess.run([node, str(ROOT / ".ci/deploy/crds.mjs")], input=json.dumps(documents), text=True)
    if result.returncode != 0:
        fail("Prometheus Operator resources do not validate against the CRD schemas")


def promtool_rules(promtool, rendered):
    """promtool check rules on each rendered PrometheusRule, and its unit tests."""
    with tempfile.TemporaryDirectory() as work:
        for name, documents in rendered.items():
            for rule in by_kind(documents, "PrometheusRule"):
                path = pathlib.Path(work) / f"{name.replace('/', '_')}.rules.yaml"
                path.write_text(yaml.safe_dump(rule["spec"]))
                if subprocess.run([promtool, "check", "rules", str(path)]).returncode != 0:
                    fail(f"{name}: promtool check rules")
        base = by_kind(rendered["k8s/base"], "PrometheusRule")[0]
        (pathlib.Path(work) / "draughts-api.rules.yaml").write_text(yaml.safe_dump(base["spec"]))
        test = pathlib.Path(work) / "alerts.test.yaml"
        shutil.copy(K8S / "tests/alerts.test.yaml", test)
        if subprocess.run([promtool, "test", "rules", str(test)]).returncode != 0:
            fail("promtool test rules k8s/tests/alerts.test.yaml")


def dashboard_queries(dashboard):
    queries = []

    def walk(value):
        if isinstance(value, dict):
            if isinstance(value.get("expr"), str):
                queries.append(value["expr"])
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(dashboard["panels"])
    for variable in dashboard["templating"]["list"]:
        if variable["type"] == "query":
            query = variable["query"]["query"] if isinstance(variable["query"], dict) else variable["query"]
            match = re.fullmatch(r"label_values\((.*),\s*\w+\)", query)
            queries.append(match.group(1) if match else query)
    return queries


def check_dashboards(promtool):
    for path in sorted((K8S / "base/dashboards").glob("*.json")):
        dashboard = json.loads(path.read_text())
        for key in ["title", "uid", "panels", "templating", "schemaVersion"]:
            if key not in dashboard:
                fail(f"{rel(path)}: no {key}")
        ids = [p["id"] for p in dashboard["panels"]]
        if len(ids) != len(set(ids)):
            fail(f"{rel(path)}: panel ids repeat")
        for panel in dashboard["panels"]:
            if panel["type"] != "row" and not panel.get("targets"):
                fail(f"{rel(path)}: panel {panel['title']!r} has no query")
            if "gridPos" not in panel:
                fail(f"{rel(path)}: panel {panel['title']!r} has no gridPos")
        queries = dashboard_queries(dashboard)
        # Grafana's variables, replaced as Grafana would, so that promtool can parse each query.
        substituted = [q.replace("$__rate_interval", "1m").replace("$namespace", "default") for q in queries]
        rules = {"groups": [{"name": "dashboard", "rules": [
            {"record": f"dashboard:query_{i}", "expr": q} for i, q in enumerate(substituted)]}]}
        with tempfile.NamedTemporaryFile("w", suffix=".yaml") as f:
            yaml.safe_dump(rules, f)
            f.flush()
            print(f"promtool: {len(queries)} queries of {rel(path)} as recording rules")
            if subprocess.run([promtool, "check", "rules", f.name]).returncode != 0:
                fail(f"{rel(path)}: a query does not parse")


def dockerignore_admits(patterns, path):
    """Docker's rule: the last pattern matching the path or one of its parent folders wins."""
    admitted = True
    for pattern in patterns:
        negate = pattern.startswith("!")
        pattern = pattern.lstrip("!").strip("/")
        regex = re.escape(pattern).replace(r"\*\*", ".*").replace(r"\*", "[^/]*").replace(r"\?", "[^/]")
        parts = path.split("/")
        if any(re.fullmatch(regex, "/".join(parts[:n])) for n in range(1, len(parts) + 1)):
            admitted = negate
    return admitted


def check_docker():
    dockerfile = (ROOT / "Dockerfile").read_text()
    patterns = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    build_stage = dockerfile.split("\nFROM ")[1]  # the stage after the first FROM
    copies = []
    for line in build_stage.splitlines():
        words = line.split()
        if words[:1] == ["COPY"] and not any(w.startswith("--from") for w in words):
            copies += [w.strip("/") for w in words[1:-1] if not w.startswith("--")]
    if "cargo build --locked --release" not in dockerfile:
        fail("the Dockerfile does not run CI's `cargo build --locked --release`")
    if "target/release/draughts-api " not in build_stage:
        fail("the Dockerfile's build stage does not take the binary from target/release/draughts-api")
    dep_info = ROOT / "target/release/draughts-api.d"
    if not dep_info.is_file():
        fail(f"{rel(dep_info)} missing: run `cargo build --locked --release` first")
        return
    _, deps = dep_info.read_text().split(": ", 1)
    files = {"Cargo.toml", "Cargo.lock", ".cargo/config.toml"}
    # Targets the manifest names must exist for it to load, built or not (the bench).
    manifest = tomllib.loads((ROOT / "Cargo.toml").read_text())
    for section, folder in [("bin", "src/bin"), ("bench", "benches"), ("test", "tests"), ("example", "examples")]:
        for target in manifest.get(section, []):
            files.add(target.get("path", f"{folder}/{target['name']}.rs"))
    for dep in re.split(r"(?<!\\) ", deps.strip()):
        path = pathlib.Path(dep.replace("\\ ", " "))
        if path.is_absolute() and ROOT in path.parents:
            files.add(str(path.relative_to(ROOT)))
    for path in sorted(files):
        if not dockerignore_admits(patterns, path):
            fail(f"the release build reads {path}, which .dockerignore leaves out of the build context")
        if not any(path == c or path.startswith(c + "/") for c in copies):
            fail(f"the release build reads {path}, which no COPY of the Dockerfile's build stage copies")
    print(f"INFO Dockerfile: the {len(files)} files the release build reads are in the context and copied")
    check_default_endgames(build_stage)


def check_default_endgames(build_stage):
    """The image's endgame databases: every variant the Dockerfile's loop names is one the
    builder accepts (built here to 2 pieces, not the image's 4, to stay quick) and yields the
    packed files the service loads, and no variant that has databases is left out."""
    loop = re.search(r"for spec in ([a-z0-9: ]+); do", build_stage)
    if not loop:
        fail("the Dockerfile's build stage has no `for spec in variant:pieces ...; do` loop building the endgame databases")
        return
    named = [spec.split(":")[0] for spec in loop.group(1).split()]
    binary = ROOT / "target/release/draughts-api"
    with tempfile.TemporaryDirectory() as tmp:
        unknown = subprocess.run([str(binary), "endgame", "--variant", "?", "--pieces", "2", "--dir", tmp],
                                 capture_output=True, text=True).stderr
        every = re.search(r"known variants: ([a-z, ]+)", unknown).group(1).split(", ")
        for variant in every:
            built = subprocess.run([str(binary), "endgame", "--quiet", "--variant", variant, "--pieces", "2",
                                    "--dir", tmp], capture_output=True, text=True)
            packed = list(pathlib.Path(tmp, variant).glob("*.wdl")) if built.returncode == 0 else []
            if variant in named and not packed:
                fail(f"the Dockerfile builds endgame databases of {variant}, which the builder refuses: "
                     f"{built.stderr.strip()}")
            if variant not in named and packed:
                fail(f"{variant} has endgame databases, which the Dockerfile does not build into the image")
    print(f"INFO Dockerfile: the endgame databases of {', '.join(named)} build; no other variant has any")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kubectl", required=True)
    parser.add_argument("--promtool", required=True)
    parser.add_argument("--node", default="node")
    args = parser.parse_args()

    print("-- kubernetes-validate: the manifest files")
    sources = []
    for path in resource_files():
        for document in yaml.safe_load_all(path.read_text()):
            if document:
                sources.append((rel(path), document))
                validate(rel(path), document)

    print("-- kubernetes-validate: the kustomize output (kubectl kustomize)")
    rendered = {}
    for directory in kustomizations():
        name = rel(directory)
        rendered[name] = render(args.kubectl, directory)
        print(f"{name}: {len(rendered[name])} documents")
        for document in rendered[name]:
            sources.append((f"kustomize {name}", document))
            validate(f"kustomize {name}", document)
        if by_kind(rendered[name], "Deployment"):
            check_rendered(f"kustomize {name}", rendered[name])

    print("-- Prometheus Operator resources against the CRD schemas")
    check_crds(args.node, sources)

    print("-- promtool: alert rules and their unit tests, dashboard queries")
    promtool_rules(args.promtool, rendered)
    check_dashboards(args.promtool)

    print("-- Docker build context")
    check_docker()

    if failures:
        print(f"{len(failures)} deployment check(s) failed")
        return 1
    print("deployment checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
