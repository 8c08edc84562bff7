import { z } from 'zod';
import { BLOG_AUTHOR_MAX, BLOG_EXCERPT_MAX, BLOG_TITLE_MAX } from '../../domain/common/constants';
import { idParam } from '../common/common';
import { isHttpUrl } from '../common/urls';

// Blog posts (trading insights): the console form's rules and messages; the post as the public blog reads it.

const CONTENT_MAX = 100_000;
const IMAGE_URL_MAX = 500;

const required = (label: string, max: number, tooLong: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLong);

/** An http(s) address, or empty (stored as no image). */
export const blogImageUrlSchema = z
  .string({ error: 'Must be a valid URL' })
  .trim()
  .max(IMAGE_URL_MAX, `Image URL must be at most ${IMAGE_URL_MAX} characters`)
  .refine((v) => v === '' || isHttpUrl(v), 'Must be a valid URL')
  .nullable()
  .transform((v) => (v ? v : null));

const blogFields = {
  title: required('Title', BLOG_TITLE_MAX, `Title must be less than ${BLOG_TITLE_MAX} characters`),
  excerpt: required('Excerpt', BLOG_EXCERPT_MAX, `Excerpt must be less than ${BLOG_EXCERPT_MAX} characters`),
  content: z
    .string({ error: 'Blog content is required' })
    .trim()
    .min(1, 'Blog content is required')
    .max(CONTENT_MAX, `Blog content must be at most ${CONTENT_MAX} characters`),
  author: required('Author name', BLOG_AUTHOR_MAX, `Author name must be less than ${BLOG_AUTHOR_MAX} characters`),
  imageUrl: blogImageUrlSchema.optional(),
};
/** A JSON true or false (the text "false" is refused, never read as true). */
const published = z.boolean({ error: 'Published must be true or false' });

/** POST /api/blog-posts: a post sent without `published` is a draft. */
export const blogPostCreateInput = z.object({ ...blogFields, published: published.default(false) });
export type BlogPostCreateInput = z.input<typeof blogPostCreateInput>;
export type BlogPostCreate = z.output<typeof blogPostCreateInput>;

/** PUT /api/blog-posts/{id}: the same data; `published` left out keeps the post's state. */
export const blogPostUpdateInput = idParam.extend({ ...blogFields, published: published.optional() });
export type BlogPostUpdateInput = z.input<typeof blogPostUpdateInput>;
export type BlogPostUpdate = z.output<typeof blogPostUpdateInput>;

/** PATCH /api/blog-posts/{id}/status. */
export const blogPostStatusInput = idParam.extend({ published });
export type BlogPostStatusInput = z.input<typeof blogPostStatusInput>;

/** The console's form (the same rules, without the id). */
export const blogPostFormSchema = blogPostCreateInput;

export const blogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  author: z.string(),
  imageUrl: z.string().nullable(),
  /** The stored `isPublished`. */
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;
export const blogPostListSchema = z.array(blogPostSchema);
