import type { BlogPostRow, Db } from '@t0/db';
import type { BlogPost, BlogPostCreate, BlogPostUpdate } from '@t0/contracts/schemas/blog/blog';

/** The post as answered: `published` is the stored `isPublished`. */
export function toBlogPost(row: BlogPostRow): BlogPost {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt ?? '',
    content: row.content,
    author: row.author,
    imageUrl: row.imageUrl,
    published: row.isPublished,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Newest first; only published posts unless `all`. */
export function listBlogPosts(db: Db, opts: { all: boolean }) {
  let q = db.selectFrom('blogPosts').selectAll();
  if (!opts.all) q = q.where('isPublished', '=', true);
  return q.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

export function findBlogPost(db: Db, id: number) {
  return db.selectFrom('blogPosts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertBlogPost(db: Db, input: BlogPostCreate, createdBy: number | null) {
  return db
    .insertInto('blogPosts')
    .values({
      title: input.title,
      excerpt: input.excerpt,
      content: input.content,
      author: input.author,
      imageUrl: input.imageUrl ?? null,
      isPublished: input.published,
      createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateBlogPost(db: Db, input: BlogPostUpdate) {
  return db
    .updateTable('blogPosts')
    .set({
      title: input.title,
      excerpt: input.excerpt,
      content: input.content,
      author: input.author,
      ...(input.imageUrl !== undefined && { imageUrl: input.imageUrl }),
      ...(input.published !== undefined && { isPublished: input.published }),
      updatedAt: new Date(),
    })
    .where('id', '=', input.id)
    .returningAll()
    .executeTakeFirst();
}

export function setBlogPostPublished(db: Db, id: number, published: boolean) {
  return db
    .updateTable('blogPosts')
    .set({ isPublished: published, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteBlogPost(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('blogPosts').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
