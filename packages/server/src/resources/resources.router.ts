import type { TRPCRouterRecord } from '@trpc/server';
import { allowedExtension, invalidFileTypeMessage } from '@t0/contracts/domain/uploads/uploads';
import { idParam, noInput } from '@t0/contracts/schemas/common/common';
import {
  resourceCreateInput,
  resourceListSchema,
  resourceSchema,
  resourceUploadInput,
} from '@t0/contracts/schemas/resources/resources';
import { deletedSchema } from '@t0/contracts/schemas/signals/signals';
import { uploadUrlSchema } from '@t0/contracts/schemas/uploads/uploads';
import { badRequest } from '../core/errors';
import { deleteResourceHandler } from './resources.handler';
import { insertResource, listActiveResources, toResource } from './resources.queries';
import { contentAdminProcedure, userProcedure } from '../procedures';
import { transact } from '../core/transaction';

const contentAdmin = contentAdminProcedure('resource');

const tags = ['resources'];

export const resourcesRouter = {
  list: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/resources',
        tags,
        protect: true,
        summary: 'Active downloadable resources, newest first',
      },
    })
    .input(noInput)
    .output(resourceListSchema)
    .query(async ({ ctx }) => (await listActiveResources(ctx.db)).map(toResource)),

  upload: contentAdmin
    .meta({
      openapi: {
        method: 'POST',
        path: '/resources/upload',
        errorResponses: { 400: 'The file name is not of a document type' },
        tags,
        protect: true,
        summary: 'A signed URL to PUT one document to (.pdf .doc .docx .txt, 10 MB)',
      },
    })
    .input(resourceUploadInput)
    .output(uploadUrlSchema)
    .mutation(({ ctx, input }) => {
      if (!allowedExtension('document', input.fileName)) throw badRequest(invalidFileTypeMessage('document'));
      return { uploadURL: ctx.ports.uploads.createUploadUrl('document', input.fileName) };
    }),

  create: contentAdmin
    .meta({
      openapi: {
        method: 'POST',
        path: '/resources',
        tags,
        protect: true,
        summary: 'Publish a resource (uploadedBy is the calling administrator)',
      },
    })
    .input(resourceCreateInput)
    .output(resourceSchema)
    .mutation(async ({ ctx, input }) =>
      toResource(await transact(ctx.db, (trx) => insertResource(trx, input, ctx.user.id))),
    ),

  delete: contentAdmin
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/resources/{id}',
        errorResponses: { 404: 'No resource has this id' },
        tags,
        protect: true,
        summary: 'Delete a resource and its uploaded file',
      },
    })
    .input(idParam)
    .output(deletedSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteResourceHandler(ctx, input.id);
      return { success: true as const, id: input.id };
    }),
} satisfies TRPCRouterRecord;
