// What runs in Kubernetes, derived from the routing table (tools/stack/routes.json): one chart
// per service and per front end, their defaults, and the Ingress paths.
export const CHART_VERSION = '0.1.0';
export const APP_VERSION = '0.1.0';
export const STATIC_PORT = 8080; // nginx-unprivileged (docker/static.Dockerfile)

/** ImplementationSpecific regex paths for ingress-nginx: pattern routes first, then prefixes, longest first. */
export function ingressPaths(routes) {
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const patterns = routes.api.filter((r) => r.pattern).map((r) => ({ path: r.pattern, service: r.service }));
  const prefixes = routes.api
    .filter((r) => r.prefix)
    .sort((a, b) => b.prefix.length - a.prefix.length)
    .map((r) => ({ path: `^${escape(r.prefix)}(/|$)`, service: r.service }));
  const remotes = routes.remotes.map((remote) => ({ path: `^/remotes/${escape(remote)}/`, service: remoteChart(remote) }));
  return [...patterns, ...prefixes, ...remotes, { path: '^/', service: 'shell' }];
}

export function remoteChart(remote) {
  return `remote-${remote}`;
}

const infraSecrets = {
  MONGODB_URI: { secretName: 'kbe-mongodb', key: 'uri' },
  JWT_SECRET: { secretName: 'kbe-auth', key: 'jwt-secret' },
  INTERNAL_API_TOKEN: { secretName: 'kbe-auth', key: 'internal-api-token' },
};
const minioSecrets = {
  MINIO_ACCESS_KEY: { secretName: 'kbe-minio', key: 'access-key' },
  MINIO_SECRET_KEY: { secretName: 'kbe-minio', key: 'secret-key' },
};

/** Per-service extras on top of the common env and secrets. */
const serviceExtras = {
  'registration-service': { secretEnv: minioSecrets, resources: { cpu: '100m', memory: '256Mi', memoryLimit: '512Mi' } },
  'documents-service': {
    env: { CHROMIUM_PATH: '/usr/bin/chromium' },
    secretEnv: { ...minioSecrets, DOCUMENT_SIGNING_SECRET: { secretName: 'kbe-documents', key: 'signing-secret' } },
    resources: { cpu: '250m', memory: '512Mi', memoryLimit: '1Gi' },
  },
  'admin-service': {
    secretEnv: {
      ADMIN_USERNAME: { secretName: 'kbe-admin', key: 'username', optional: true },
      ADMIN_PASSWORD: { secretName: 'kbe-admin', key: 'password', optional: true },
    },
  },
  'notifications-service': { env: { SMS_PROVIDER: 'console' }, envFromSecrets: [] },
};

export function serviceCharts(routes) {
  const serviceUrls = Object.fromEntries(
    Object.keys(routes.services).map((name) => [`${name.replace(/-service$/, '').replace(/-/g, '_').toUpperCase()}_SERVICE_URL`, `http://${name}`]),
  );
  return Object.entries(routes.services).map(([name, { port }]) => {
    const extra = serviceExtras[name] ?? {};
    const res = { cpu: '100m', memory: '192Mi', memoryLimit: '384Mi', ...extra.resources };
    return {
      name,
      description: `KBE ${name} (NestJS)`,
      values: {
        component: 'service',
        replicaCount: 2,
        image: { registry: '', repository: `kbe/${name}`, tag: '', pullPolicy: 'IfNotPresent' },
        containerPort: port,
        runAsUser: 1000,
        terminationGracePeriodSeconds: 30,
        probes: { path: `/api/health/${name}`, timeoutSeconds: 5, startupFailureThreshold: 24 },
        env: {
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '0.0.0.0',
          LOG_LEVEL: 'info',
          MONGODB_DB_PREFIX: 'kbe',
          KAFKA_BROKERS: 'kafka:9092',
          KAFKA_TOPIC_PREFIX: '',
          MINIO_ENDPOINT: 'http://minio:9000',
          MINIO_BUCKET_PREFIX: 'kbe-',
          HOME: '/tmp',
          ...serviceUrls,
          ...extra.env,
        },
        secretEnv: { ...infraSecrets, ...extra.secretEnv },
        envFromSecrets: extra.envFromSecrets ?? [],
        resources: { requests: { cpu: res.cpu, memory: res.memory }, limits: { memory: res.memoryLimit } },
        files: {},
        filesMountPath: '/app/config',
      },
    };
  });
}

export function frontEndCharts(routes, manifest) {
  const common = (name, description, extra = {}) => ({
    name,
    description,
    values: {
      component: 'front-end',
      replicaCount: 2,
      image: { registry: '', repository: `kbe/${name}`, tag: '', pullPolicy: 'IfNotPresent' },
      containerPort: STATIC_PORT,
      runAsUser: 101,
      terminationGracePeriodSeconds: 10,
      probes: { path: '/healthz', timeoutSeconds: 2, startupFailureThreshold: 12 },
      env: {},
      secretEnv: {},
      envFromSecrets: [],
      resources: { requests: { cpu: '20m', memory: '32Mi' }, limits: { memory: '64Mi' } },
      files: {},
      filesMountPath: '/usr/share/nginx/html',
      ...extra,
    },
  });
  return [
    // The shell reads its remotes from this file at start: change it (helm upgrade) to point
    // a remote elsewhere without rebuilding the shell image.
    common('shell', 'KBE shell (React host, module federation)', {
      // runtime-config.js: the deployment's browser settings (edition deadline, contact details),
      // the same script the local edge serves (tools/edge/runtime-config.mjs); edit in values.
      files: {
        'module-federation.manifest.json': `${JSON.stringify(manifest, null, 2)}\n`,
        'runtime-config.js': 'window.__KBE_CONFIG__ = {};\n',
      },
    }),
    ...routes.remotes.map((remote) => common(remoteChart(remote), `KBE ${remote} remote (module federation)`)),
  ];
}
