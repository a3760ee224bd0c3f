import type { EventType } from '#domain/events.ts';
import type { TableName } from '#domain/projections.ts';

/**
 * Read-model columns that keep their event's sealed blob instead of the personal fields it holds (ADR 022): the
 * row's `sealed` column holds the blob as the log stores it, and a read opens it (`Vault.openFields`). A rebuild
 * then deciphers nothing for these rows, and erasing a person reaches them the moment their key is deleted.
 */
export const SEALED_COLUMNS: Readonly<Partial<Record<TableName, readonly string[]>>> = { messages: ['senderName', 'content'] };

/**
 * Events whose personal fields reach the read models only through SEALED_COLUMNS: a replay leaves their data as the
 * log stores it, sealed, and the projector takes the blob from it (`Projector.apply`). No projection may read those
 * fields of these events for anything else (tests/unit/sealed-columns.test.ts holds every projection to that).
 */
export const KEPT_SEALED: ReadonlySet<EventType> = new Set<EventType>(['MessagePosted']);
