import type { Db, ResourceRow } from '@t0/db';
import type { Resource, ResourceCreate } from '@t0/contracts/schemas/resources/resources';

export function toResource(row: ResourceRow): Resource {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    fileUrl: row.fileUrl,
    fileName: row.fileName,
    fileSize: row.fileSize,
    fileType: row.fileType,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Active resources, newest first. */
export function listActiveResources(db: Db) {
  return db
    .selectFrom('resources')
    .selectAll()
    .where('isActive', '=', true)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function insertResource(db: Db, input: ResourceCreate, uploadedBy: number | null) {
  return db
    .insertInto('resources')
    .values({
      title: input.title,
      description: input.description,
      category: input.category,
      fileUrl: input.fileUrl,
      fileName: input.fileName,
      fileType: input.fileType,
      fileSize: input.fileSize,
      uploadedBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the record and answers it (its stored file may then be removed), or undefined. */
export function deleteResource(db: Db, id: number) {
  return db.deleteFrom('resources').where('id', '=', id).returningAll().executeTakeFirst();
}

/** Whether another record still points at this file. */
export async function isFileReferenced(db: Db, fileUrl: string): Promise<boolean> {
  const row = await db.selectFrom('resources').select('id').where('fileUrl', '=', fileUrl).executeTakeFirst();
  return row !== undefined;
}
