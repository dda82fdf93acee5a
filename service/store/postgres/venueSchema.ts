/**
 * Placeholder: the venue's tables on PostgreSQL (version 2 of `migrations.ts`) come from the pgc branch, which
 * replaces this file at merge. Empty here, so that version 2 applies nothing.
 */
export const PG_VENUE_SCHEMA_SQL = ''
