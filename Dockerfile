# T0 Terminal: one process serving the API and the built web app on port 3000.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/* \
  && npm install -g pnpm@10.34.9
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
COPY patches/ patches/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/server/package.json packages/server/
COPY packages/db/package.json packages/db/
COPY packages/client/package.json packages/client/
COPY bench/package.json bench/
COPY examples/package.json examples/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm build && pnpm --filter @t0/api deploy --prod --legacy /out

FROM node:20-bookworm-slim
WORKDIR /app/apps/api
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data WEB_DIST=/app/apps/web/dist
COPY --from=build /out /app/apps/api
COPY --from=build /app/apps/web/dist /app/apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
# Liveness: the process answers and reaches its database (docker-compose.yml checks readiness, /api/ready).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/main.js"]
