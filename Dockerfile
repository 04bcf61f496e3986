# The platform as one image: the config service serving the built web app, the route manifests and the API.
# Build:  docker build -t asset-platform .
# Run:    see compose.yaml and docs/operations.md (PostgreSQL, a Cognito pool and a proxy in front).

# --- build: every dependency, then the generated schema copies and the web app (web/dist).
# Node 26, the Active LTS line; the service is compiled for the oldest supported line, 20 (docs/security.md,
# "Dependencies and audit"). CI runs the packaging test on this line too (scripts/imageNode.mjs).
FROM node:26-bookworm-slim AS build
WORKDIR /app
# Every workspace's package.json first, so the install layer is reused until a dependency changes.
COPY package.json package-lock.json tsconfig.json ./
COPY schemas/package.json schemas/
COPY config-service/package.json config-service/
COPY web/package.json web/
COPY web/module-sdk/package.json web/module-sdk/
COPY modules/model-runtime/package.json modules/model-runtime/
RUN npm ci --no-audit --no-fund
COPY . .
# The release audit of the production dependencies (decision 0070): refused where the registry's advisories
# could not be asked, unless .ci/audit-exceptions.json holds a dated exception (docs/security.md).
RUN node scripts/audit.mjs --release
# `npm run build` generates the schema copies, builds the web app and compiles the service to
# config-service/dist/server.js (decision 0025). An invalid manifest set would stop every replica at
# start-up; refuse it here, before it is shipped.
RUN npm run build && npm run manifests:check
# The software bill of materials of what the runtime stage installs: the service's production dependencies.
RUN npm sbom --omit=dev --workspace config-service --sbom-format cyclonedx --sbom-type application > sbom.cdx.json

# --- runtime: production dependencies of the service only; the web app arrives built.
FROM node:26-bookworm-slim AS runtime
ENV NODE_ENV=production \
    ENVIRONMENT=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY schemas/package.json schemas/
COPY config-service/package.json config-service/
# web/package.json is only there for npm to recognise the workspace; none of its packages are installed.
COPY web/package.json web/
# The module SDK's version is the one the service reports and checks bundles against (decision 0058).
COPY web/module-sdk/package.json web/module-sdk/
# The reference module (modules/*) is a workspace too: npm ci checks every one against the lock file.
COPY modules/model-runtime/package.json modules/model-runtime/
# The service's production dependencies only: no TypeScript tool, no local identity provider, no pretty logs.
RUN npm ci --omit=dev --workspace config-service --no-audit --no-fund \
    && npm cache clean --force
# The compiled service (the schemas workspace is compiled into it) and the SQL it migrates with.
COPY --from=build /app/config-service/dist config-service/dist
COPY config-service/src/store/migrations config-service/src/store/migrations
COPY --from=build /app/sbom.cdx.json sbom.cdx.json
COPY route-manifests route-manifests
# The service checks the manifests against the web app's screens when this file is present.
COPY schemas/screen-catalogue.json schemas/screen-catalogue.json
COPY --from=build /app/web/dist web/dist
COPY deploy/healthcheck.mjs deploy/healthcheck.mjs
# Nothing is written there when DATABASE_URL is set; without it, the embedded database would be.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# Slim images have no curl; node answers the question itself.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
# Plain node on the compiled service; stack traces name the TypeScript sources.
CMD ["node", "--enable-source-maps", "config-service/dist/server.js"]
