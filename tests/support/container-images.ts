// The images the testcontainers suites run and the compose files start, pinned exactly as in docker-compose.yml
// and docker-compose.single.yml (tests/infra checks it).
export const MEILISEARCH_IMAGE = 'getmeili/meilisearch:v1.48.3';
export const MINIO_IMAGE = 'minio/minio:RELEASE.2025-09-07T16-13-09Z';
export const MINIO_MC_IMAGE = 'minio/mc:RELEASE.2025-08-13T08-35-41Z';
/** PostgreSQL 15, as the tests run it from Debian (docs/decisions/0021-postgresql.md). */
export const POSTGRES_IMAGE = 'postgres:15.18-bookworm';
/** The proxy in front of the two app instances (infra/nginx.conf). */
export const NGINX_IMAGE = 'nginx:1.28.0-alpine';
