// Validates the Prometheus Operator resources (ServiceMonitor, PrometheusRule) among the
// Kubernetes documents given as a JSON array on standard input, with the JSON schemas of the
// operator's CRDs as compiled by @kubernetes-models/prometheus-operator: types, required
// fields, enums and patterns (durations such as `for: 5m`). Like the API server, the CRD
// schemas allow unknown fields; the rule groups are checked strictly by promtool instead.
// Exits 1 if any document fails, 2 if none of these kinds was given.
import { readFileSync } from "node:fs";
import { PrometheusRule } from "@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule";
import { ServiceMonitor } from "@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor";

const models = { "monitoring.coreos.com/v1": { PrometheusRule, ServiceMonitor } };
const documents = JSON.parse(readFileSync(0, "utf8"));
let checked = 0;
let failed = 0;
for (const { source, document } of documents) {
  const Model = models[document.apiVersion]?.[document.kind];
  if (!Model) continue;
  const name = `${document.kind.toLowerCase()}/${document.metadata?.name}`;
  checked += 1;
  try {
    new Model(document).validate();
    console.log(`INFO ${source} passed for resource ${name} against ${document.apiVersion} CRD schema`);
  } catch (error) {
    failed += 1;
    console.log(`ERROR ${source} did not validate for resource ${name}: ${error.message}`);
  }
}
if (checked === 0) {
  console.log("ERROR no ServiceMonitor or PrometheusRule found");
  process.exit(2);
}
process.exit(failed ? 1 : 0);
