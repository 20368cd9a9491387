# One image for the api and the local music service (the command picks which runs), and a small
# one that makes the deployment's TLS certificates. `docker compose up --build` builds both.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY schema/package.json schema/
COPY api/package.json api/
COPY music/package.json music/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund

FROM deps AS web
COPY . .
RUN npm run build -w web

FROM node:20-bookworm-slim AS app
WORKDIR /app
ENV NODE_ENV=production
COPY --from=deps /app/node_modules ./node_modules
COPY . .
COPY --from=web /app/web/dist ./web/dist
# Runs as the unprivileged user of the base image, which cannot change the application's files.
USER node
EXPOSE 4000 4100
CMD ["node", "--import", "tsx", "api/src/main.ts"]

# Makes a private certificate authority and the proxy's certificate on first start (deploy/make-certs.sh).
FROM debian:bookworm-slim AS certs
RUN apt-get update && apt-get install -y --no-install-recommends openssl && rm -rf /var/lib/apt/lists/*
COPY deploy/make-certs.sh /usr/local/bin/make-certs
CMD ["sh", "/usr/local/bin/make-certs"]
