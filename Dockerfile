# Portcullis container image: `docker build -t portcullis .`
# Stage 1 builds and packs the package (exactly the files package.json publishes); stage 2
# installs that package with its production dependencies only and runs it as a non-root user.

FROM node:20-slim AS build
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
RUN npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json LICENSE README.md THIRD_PARTY_NOTICES.md ./
COPY core ./core
COPY plugins ./plugins
COPY schemas ./schemas
COPY integrations ./integrations
# The console's sources: `npm run build` bundles them into dist/console (served at /console/).
COPY console ./console
# `npm pack` runs the `prepack` build and writes portcullis-<version>.tgz.
RUN mkdir /out && npm pack --pack-destination /out && mv /out/portcullis-*.tgz /out/portcullis.tgz

FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    PORTCULLIS_HOST=0.0.0.0 \
    PORTCULLIS_DATA_DIR=/data
WORKDIR /app
COPY --from=build /out/portcullis.tgz /tmp/portcullis.tgz
COPY --from=build /src/package-lock.json /src/.npmrc ./
RUN tar -xzf /tmp/portcullis.tgz --strip-components=1 -C /app \
 && npm ci --omit=dev --ignore-scripts \
 && npm cache clean --force \
 && rm /tmp/portcullis.tgz \
 && mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# proxy (and MCP), admin, guardrail
EXPOSE 8000 8001 8002
# The V8 options of docs/deployment.md ("Node options") are start-up flags, so they go here.
ENTRYPOINT ["node", "--min-semi-space-size=16", "--no-memory-reducer", "dist/core/cli/main.js"]
CMD ["start"]
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=3 CMD ["node", "dist/core/cli/main.js", "health"]
