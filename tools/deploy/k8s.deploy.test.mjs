// k8s/: namespaces and the operator-managed data services (MongoDB, Kafka with a KafkaTopic per
// event of libs/contracts, MinIO), validated offline and checked against what the apps expect.
// Run: node tools/deploy/toolchain.mjs && node --test tools/deploy/k8s.deploy.test.mjs
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { parseManifests, readYaml, repoRoot, validateManifests } from './helm.mjs';

const files = readdirSync(join(repoRoot, 'k8s')).filter((f) => f.endsWith('.yaml')).sort();
const text = files.map((f) => readFileSync(join(repoRoot, 'k8s', f), 'utf8')).join('\n---\n');
const objects = parseManifests(text);
const values = readYaml(join(repoRoot, 'helm/kbe/values.yaml'));
const of = (kind) => objects.filter((o) => o.kind === kind);

/** The event catalogue of libs/contracts (EVENT_TOPICS), read from its source. */
function eventTopics() {
  const source = readFileSync(join(repoRoot, 'libs/contracts/src/lib/registration-events.ts'), 'utf8');
  const block = /export const EVENT_TOPICS = \{([^}]*)\}/.exec(source)?.[1];
  assert.ok(block, 'EVENT_TOPICS not found in libs/contracts');
  return [...block.matchAll(/:\s*'([^']+)'/g)].map((m) => m[1]).sort();
}

// Operator resources: no registry package here ships their CRD schemas (see k8s/README.md), so
// they are checked below by what the apps need from them.
const CUSTOM_KINDS = ['Kafka', 'KafkaNodePool', 'KafkaTopic', 'MongoDBCommunity', 'Tenant'];

describe('k8s/', () => {
  it('built-in objects validate against the Kubernetes schemas; only operator resources lack one', () => {
    const result = validateManifests(text);
    assert.deepEqual(result.errors, [], result.output);
    assert.equal(result.code, 0, result.output);
    assert.deepEqual([...new Set(result.missingSchemas)].sort(), CUSTOM_KINDS);
    assert.ok(of('Namespace').length === 2);
  });

  it('a KafkaTopic for every event of libs/contracts, with partitions, replicas and retention', () => {
    const topics = of('KafkaTopic');
    assert.deepEqual(topics.map((t) => t.spec.topicName).sort(), eventTopics());
    for (const t of topics) {
      assert.equal(t.metadata.labels['strimzi.io/cluster'], 'kbe-kafka', t.metadata.name);
      assert.ok(t.spec.partitions >= 3, t.metadata.name);
      assert.equal(t.spec.replicas, 3, t.metadata.name);
      assert.ok(Number(t.spec.config['retention.ms']) > 0, t.metadata.name);
      assert.equal(t.spec.config['min.insync.replicas'], 2, t.metadata.name);
    }
    // notifications-service may scale up to the partitions of the topics it consumes
    assert.ok(values['notifications-service'].autoscaling.maxReplicas <= Math.min(...topics.map((t) => t.spec.partitions)));
  });

  it('Kafka runs in KRaft mode on node pools, reachable where the services look for it', () => {
    const [kafka] = of('Kafka');
    assert.equal(kafka.metadata.annotations['strimzi.io/kraft'], 'enabled');
    assert.equal(kafka.spec.zookeeper, undefined);
    assert.ok(of('KafkaNodePool').some((p) => p.spec.roles.includes('controller') && p.metadata.labels['strimzi.io/cluster'] === kafka.metadata.name));
    assert.equal(kafka.spec.kafka.config['auto.create.topics.enable'], false);
    assert.equal(values['registration-service'].config.KAFKA_BROKERS, `${kafka.metadata.name}-kafka-bootstrap.${kafka.metadata.namespace}.svc:9092`);
    assert.equal(values.global.networkPeers.kafka.podSelector.matchLabels['strimzi.io/cluster'], kafka.metadata.name);
  });

  it('MongoDB is a replica set whose connection string lands where the services read MONGODB_URI', () => {
    const [mongo] = of('MongoDBCommunity');
    assert.equal(mongo.spec.type, 'ReplicaSet');
    assert.ok(mongo.spec.members >= 3);
    const user = mongo.spec.users[0];
    const ref = values['registration-service'].secretEnv.MONGODB_URI;
    assert.equal(user.connectionStringSecretName, ref.secretName);
    assert.equal(user.connectionStringSecretNamespace, 'kbe');
    assert.equal(values.global.networkPeers.mongodb.podSelector.matchLabels.app, `${mongo.metadata.name}-svc`);
  });

  it('the MinIO tenant is the one the services and their NetworkPolicy name', () => {
    const [tenant] = of('Tenant');
    assert.equal(values.global.networkPeers.minio.podSelector.matchLabels['v1.min.io/tenant'], tenant.metadata.name);
    assert.ok(tenant.spec.pools[0].servers * tenant.spec.pools[0].volumesPerServer >= 4, 'erasure coding needs 4+ drives');
    assert.match(values['registration-service'].config.MINIO_ENDPOINT, new RegExp(`\\.${tenant.metadata.namespace}\\.svc`));
  });

  it('the apps\' namespace enforces the restricted Pod Security standard', () => {
    const kbe = of('Namespace').find((n) => n.metadata.name === 'kbe');
    assert.equal(kbe.metadata.labels['pod-security.kubernetes.io/enforce'], 'restricted');
    for (const peer of ['mongodb', 'kafka', 'minio']) {
      assert.equal(values.global.networkPeers[peer].namespaceSelector.matchLabels['kubernetes.io/metadata.name'], 'kbe-data', peer);
    }
  });
});
