// The images the testcontainers suites run, pinned exactly as in docker-compose.yml (tests/infra checks it).
export const MEILISEARCH_IMAGE = 'getmeili/meilisearch:v1.48.3';
export const MINIO_IMAGE = 'minio/minio:RELEASE.2025-09-07T16-13-09Z';
export const MINIO_MC_IMAGE = 'minio/mc:RELEASE.2025-08-13T08-35-41Z';
export const POSTGRES_IMAGE = 'postgres:15.18-bookworm';
