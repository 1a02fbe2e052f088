# syntax=docker/dockerfile:1
# Build stage: full install, compile TypeScript.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# npm workspaces: each package's manifest must be in place before the install links it.
COPY package.json package-lock.json ./
COPY packages/rules/package.json packages/rules/
COPY packages/client/package.json packages/client/
COPY packages/board/package.json packages/board/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY bench ./bench
COPY scripts ./scripts
COPY migrations ./migrations
COPY packages ./packages
RUN npm run build

# Runtime stage: production dependencies only, non-root.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 LOG_LEVEL=info PGLITE_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/rules/package.json packages/rules/
COPY packages/client/package.json packages/client/
COPY packages/board/package.json packages/board/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The built packages: the service imports @tafl/rules' dependencies and serves @tafl/board's bundle.
COPY --from=build /app/packages/rules/dist ./packages/rules/dist
COPY --from=build /app/packages/client/dist ./packages/client/dist
COPY --from=build /app/packages/board/dist ./packages/board/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# node handles SIGTERM itself (graceful shutdown in src/main.ts).
CMD ["node", "dist/src/main.js"]
