import type { TRPCRouterRecord } from '@trpc/server';
import {
  blogPostCreateInput,
  blogPostListSchema,
  blogPostSchema,
  blogPostStatusInput,
  blogPostUpdateInput,
} from '@t0/contracts/schemas/blog/blog';
import { idParam, noInput } from '@t0/contracts/schemas/common/common';
import { deletedSchema } from '@t0/contracts/schemas/signals/signals';
import { notFound } from '../core/errors';
import {
  deleteBlogPost,
  findBlogPost,
  insertBlogPost,
  listBlogPosts,
  setBlogPostPublished,
  toBlogPost,
  updateBlogPost,
} from './blog-posts.queries';
import { contentAdminProcedure, publicProcedure } from '../procedures';
import { transact } from '../core/transaction';

const contentAdmin = contentAdminProcedure('blog');

const tags = ['blog'];

export const blogRouter = {
  list: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/blog-posts', tags, protect: false, summary: 'Published posts, newest first' },
    })
    .input(noInput)
    .output(blogPostListSchema)
    .query(async ({ ctx }) => (await listBlogPosts(ctx.db, { all: false })).map(toBlogPost)),

  /** A published post; a draft only for administrators (404 for everyone else). */
  byId: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/blog-posts/{id}',
        errorResponses: { 404: 'No published post has this id (a draft: administrators only)' },
        tags,
        protect: false,
        summary: 'One published post',
      },
    })
    .input(idParam)
    .output(blogPostSchema)
    .query(async ({ ctx, input }) => {
      const row = await findBlogPost(ctx.db, input.id);
      if (!row || (!row.isPublished && !ctx.user?.isAdmin)) throw notFound('Blog post');
      return toBlogPost(row);
    }),

  adminList: contentAdmin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blog-posts',
        tags,
        protect: true,
        summary: 'All posts, drafts included, newest first',
      },
    })
    .input(noInput)
    .output(blogPostListSchema)
    .query(async ({ ctx }) => (await listBlogPosts(ctx.db, { all: true })).map(toBlogPost)),

  create: contentAdmin
    .meta({
      openapi: {
        method: 'POST',
        path: '/blog-posts',
        tags,
        protect: true,
        summary: 'Create a post (a draft unless published is true)',
      },
    })
    .input(blogPostCreateInput)
    .output(blogPostSchema)
    .mutation(async ({ ctx, input }) =>
      toBlogPost(await transact(ctx.db, (trx) => insertBlogPost(trx, input, ctx.user.id))),
    ),

  update: contentAdmin
    .meta({
      openapi: {
        method: 'PUT',
        path: '/blog-posts/{id}',
        errorResponses: { 404: 'No post has this id' },
        tags,
        protect: true,
        summary: 'Update a post',
      },
    })
    .input(blogPostUpdateInput)
    .output(blogPostSchema)
    .mutation(async ({ ctx, input }) => {
      // Refused inside the transaction: a post that is not there leaves no audit entry.
      return toBlogPost(
        await transact(
          ctx.db,
          async (trx) => (await updateBlogPost(trx, input)) ?? Promise.reject(notFound('Blog post')),
        ),
      );
    }),

  setStatus: contentAdmin
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/blog-posts/{id}/status',
        errorResponses: { 404: 'No post has this id' },
        tags,
        protect: true,
        summary: 'Publish or unpublish a post',
      },
    })
    .input(blogPostStatusInput)
    .output(blogPostSchema)
    .mutation(async ({ ctx, input }) => {
      return toBlogPost(
        await transact(
          ctx.db,
          async (trx) =>
            (await setBlogPostPublished(trx, input.id, input.published)) ?? Promise.reject(notFound('Blog post')),
        ),
      );
    }),

  delete: contentAdmin
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/blog-posts/{id}',
        errorResponses: { 404: 'No post has this id' },
        tags,
        protect: true,
        summary: 'Delete a post',
      },
    })
    .input(idParam)
    .output(deletedSchema)
    .mutation(async ({ ctx, input }) => {
      await transact(ctx.db, async (trx) => {
        if (!(await deleteBlogPost(trx, input.id))) throw notFound('Blog post');
      });
      return { success: true as const, id: input.id };
    }),
} satisfies TRPCRouterRecord;
