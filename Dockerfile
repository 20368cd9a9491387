# One image for the api and the local music service, compiled to JavaScript and run with plain node (the
# command picks which runs), and a small one that makes the deployment's TLS certificates. `docker compose up
# --build` builds both.

# The package manifests alone, so that installing is redone only when they change.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY schema/package.json schema/
COPY ops/package.json ops/
COPY api/package.json api/
COPY music/package.json music/
COPY web/package.json web/

FROM manifests AS deps
RUN npm ci --no-audit --no-fund

# Compiles the web client (Vite) and the servers (scripts/build.ts: JavaScript in api/dist, music/dist,
# ops/dist and schema/dist, with the files they read beside them). Sources and tests stay in this stage.
FROM deps AS build
COPY . .
RUN npm run build

# The packages the servers need at run time, and no others: no TypeScript, tsx, test runner or the web
# client's libraries (the client is served as built files).
FROM manifests AS runtime-deps
RUN npm ci --omit=dev --no-audit --no-fund -w schema -w ops -w api -w music

FROM node:20-bookworm-slim AS app
WORKDIR /app
ENV NODE_ENV=production
# node_modules, and each package.json, which says its JavaScript is ES modules ("type": "module").
COPY --from=runtime-deps /app ./
COPY --from=build /app/schema/dist schema/dist
COPY --from=build /app/ops/dist ops/dist
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/music/dist music/dist
COPY --from=build /app/web/dist web/dist
# The playground's built files (GraphiQL, React and the editor in one module), served when GRAPHQL_PLAYGROUND is
# on, with the package's manifest and licence; a development package, since the packages it lists are what those
# files were built from.
COPY --from=deps /app/node_modules/@graphql-yoga/graphiql/package.json /app/node_modules/@graphql-yoga/graphiql/LICENSE node_modules/@graphql-yoga/graphiql/
COPY --from=deps /app/node_modules/@graphql-yoga/graphiql/dist node_modules/@graphql-yoga/graphiql/dist
# Runs as the unprivileged user of the base image, which cannot change the application's files.
USER node
EXPOSE 4000 4100
# The music service runs the same image with `node music/dist/cli.js serve` (docker-compose.yml).
CMD ["node", "api/dist/main.js"]

# Makes a private certificate authority and the proxy's certificate on first start (deploy/make-certs.sh).
FROM debian:bookworm-slim AS certs
RUN apt-get update && apt-get install -y --no-install-recommends openssl && rm -rf /var/lib/apt/lists/*
COPY deploy/make-certs.sh /usr/local/bin/make-certs
CMD ["sh", "/usr/local/bin/make-certs"]
