import type { TRPCRouterRecord } from '@trpc/server';
import { noInput } from '@t0/contracts/schemas/common/common';
import {
  acceptReferralTermsInput,
  adminAffiliatesOutput,
  affiliateActionOutput,
  affiliateIdParam,
  affiliateSettingsSchema,
  commissionRuleSchema,
  linkPromotionCodeInput,
  markPayoutInput,
  markPayoutOutput,
  payoutsExportSchema,
  planParam,
  referralStateSchema,
  referralVisitInput,
  referralVisitOutput,
  setAffiliateRateInput,
  setCommissionRuleInput,
} from '@t0/contracts/schemas/affiliates/affiliates';
import { adminProcedure, publicProcedure, userProcedure } from '../procedures';
import { acceptReferralTermsHandler, referralStateHandler, referralVisitHandler } from './affiliates.handler';
import {
  affiliateSettingsHandler,
  deleteCommissionRuleHandler,
  linkPromotionCodeHandler,
  listAffiliatesHandler,
  markPayoutHandler,
  payoutsExportHandler,
  reactivateAffiliateHandler,
  saveAffiliateSettingsHandler,
  setAffiliateRateHandler,
  setCommissionRuleHandler,
  suspendAffiliateHandler,
} from './admin-affiliates.handler';

const userTags = ['user'];
const tags = ['admin'];
const notFound = { 404: 'No affiliate has this id' };

/** The subscriber's referral (affiliate) account and the public click counter. */
export const referralRouter = {
  state: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/referral',
        tags: userTags,
        protect: true,
        summary:
          'Your affiliate account: link, code, the disclosure line accepted, clicks, sign-ups, conversions and earnings (pending, payable, paid, clawed back)',
      },
    })
    .input(noInput)
    .output(referralStateSchema)
    .query(referralStateHandler),
  accept: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/referral',
        tags: userTags,
        protect: true,
        summary:
          'Accept the affiliate terms (the desk’s disclosure line, to show wherever you promote the link) and get a referral code',
        errorResponses: { 403: 'The affiliate account is suspended' },
      },
    })
    .input(acceptReferralTermsInput)
    .output(referralStateSchema)
    .mutation(acceptReferralTermsHandler),
  visit: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/referral/visit',
        tags: userTags,
        protect: false,
        summary: 'Count a click on an affiliate’s link (no address stored; limited per address)',
        errorResponses: {
          404: 'No active affiliate has this code',
          429: 'Too many clicks from this address: wait the seconds said',
        },
      },
    })
    .input(referralVisitInput)
    .output(referralVisitOutput)
    .mutation(referralVisitHandler),
} satisfies TRPCRouterRecord;

/** Console › AFFILIATES. */
export const adminAffiliatesRouter = {
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/affiliates',
        tags,
        protect: true,
        summary:
          'Affiliates with clicks, sign-ups, conversions and earnings per currency; the rules per plan; settings',
      },
    })
    .input(noInput)
    .output(adminAffiliatesOutput)
    .query(listAffiliatesHandler),
  suspend: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/affiliates/{id}/suspend',
        tags,
        protect: true,
        summary: 'Suspend an affiliate: the link stops counting, every unpaid commission is voided',
        errorResponses: notFound,
      },
    })
    .input(affiliateIdParam)
    .output(affiliateActionOutput)
    .mutation(suspendAffiliateHandler),
  reactivate: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/affiliates/{id}/reactivate',
        tags,
        protect: true,
        summary: 'Let a suspended affiliate earn again (what was voided stays voided)',
        errorResponses: notFound,
      },
    })
    .input(affiliateIdParam)
    .output(affiliateActionOutput)
    .mutation(reactivateAffiliateHandler),
  setRate: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/affiliates/{id}/rate',
        tags,
        protect: true,
        summary: 'The affiliate’s own percent over the plans’ rules (null: the rules again)',
        errorResponses: notFound,
      },
    })
    .input(setAffiliateRateInput)
    .output(affiliateActionOutput)
    .mutation(setAffiliateRateHandler),
  markPaid: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/affiliates/{id}/payouts',
        tags,
        protect: true,
        summary: 'Mark the payable total paid: one payout per currency, the commissions settled by it',
        errorResponses: { ...notFound, 409: 'Nothing is payable to this affiliate' },
      },
    })
    .input(markPayoutInput)
    .output(markPayoutOutput)
    .mutation(markPayoutHandler),
  linkPromotionCode: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/affiliates/{id}/promotion-code',
        tags,
        protect: true,
        summary: 'Give a promotion code to the affiliate: its buyers are attributed to them',
        errorResponses: { ...notFound, 409: 'The affiliate is suspended' },
      },
    })
    .input(linkPromotionCodeInput)
    .output(affiliateActionOutput)
    .mutation(linkPromotionCodeHandler),
  payoutsExport: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/affiliates/payouts/export',
        tags,
        protect: true,
        summary: 'What is due, as CSV: one row per affiliate and currency with a payable total',
        description: "Answers the file's name, its row count and the CSV text (amounts as decimals).",
      },
    })
    .input(noInput)
    .output(payoutsExportSchema)
    .query(payoutsExportHandler),
  settings: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/affiliates/settings',
        tags,
        protect: true,
        summary: 'The affiliate settings: default rule, first-touch window, hold window, Whop payments, disclosure',
      },
    })
    .input(noInput)
    .output(affiliateSettingsSchema)
    .query(affiliateSettingsHandler),
  saveSettings: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/affiliates/settings',
        tags,
        protect: true,
        summary: 'Save the affiliate settings',
      },
    })
    .input(affiliateSettingsSchema)
    .output(affiliateSettingsSchema)
    .mutation(saveAffiliateSettingsHandler),
  setRule: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/affiliates/rules/{plan}',
        tags,
        protect: true,
        summary:
          'A plan’s own commission rule: percent of the first payment (recurringMonths 0) or of every payment for N months',
      },
    })
    .input(setCommissionRuleInput)
    .output(commissionRuleSchema)
    .mutation(setCommissionRuleHandler),
  deleteRule: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/affiliates/rules/{plan}',
        tags,
        protect: true,
        summary: 'Drop a plan’s own rule: the default rule applies again',
        errorResponses: { 404: 'The plan has no rule of its own' },
      },
    })
    .input(planParam)
    .output(affiliateActionOutput)
    .mutation(deleteCommissionRuleHandler),
} satisfies TRPCRouterRecord;
