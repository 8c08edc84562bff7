import type { TRPCRouterRecord } from '@trpc/server';
import { idParam, noInput } from '@t0/contracts/schemas/common/common';
import {
  exitInput,
  importInput,
  importResultSchema,
  importedTradeSchema,
  importCandidateListSchema,
  importedTradeListSchema,
  importedTradesInput,
  matchImportedInput,
  journalEntrySchema,
  newTradingAccountInput,
  resultsInput,
  resultsSchema,
  signalTakersListSchema,
  skippedInput,
  tookInput,
  tradingAccountListSchema,
  tradingAccountSchema,
} from '@t0/contracts/schemas/journal/journal';
import {
  importCandidatesHandler,
  importTradesHandler,
  listImportedTradesHandler,
  matchImportedTradeHandler,
} from './trade-import.handler';
import {
  addAccountHandler,
  exitHandler,
  listAccountsHandler,
  resultsHandler,
  signalTakersHandler,
  skippedHandler,
  tookHandler,
} from './journal.handler';
import { adminProcedure, userProcedure } from '../procedures';

const tags = ['journal'];
const entitled = { 404: 'No signal of a room you hold or held when it was published' };

/** The subscriber's own book (docs/features/journal.md): private to the subscriber, never the desk's record. */
export const journalRouter = {
  took: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/signals/{id}/took',
        errorResponses: entitled,
        tags,
        protect: true,
        summary: 'I took it: your fill, size and time (a second call corrects them)',
        description:
          "Defaults: `fillPrice` the signal's entry (required for a signal locked to you), `riskPercent` your trading settings' " +
          'position size (none when you give `lots`), `takenAt` now, `account` Main. A price of 0 or a time in the future is a 400 naming the field.',
      },
    })
    .input(tookInput)
    .output(journalEntrySchema)
    .mutation(tookHandler),

  skipped: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/signals/{id}/skipped',
        errorResponses: entitled,
        tags,
        protect: true,
        summary: 'I skipped it (a taken entry becomes skipped and its exits are removed)',
      },
    })
    .input(skippedInput)
    .output(journalEntrySchema)
    .mutation(skippedHandler),

  exit: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/signals/{id}/exits',
        errorResponses: { ...entitled, 409: 'You have not marked this signal taken' },
        tags,
        protect: true,
        summary: 'A partial exit or your own close of a trade you took: a share (percent) of the position at a price',
        description:
          'With no exits of yours, your trade follows the desk’s parts and exit; the part you leave open closes at the desk’s exit.',
      },
    })
    .input(exitInput)
    .output(journalEntrySchema)
    .mutation(exitHandler),

  accounts: userProcedure
    .meta({ openapi: { method: 'GET', path: '/user/accounts', tags, protect: true, summary: 'Your trading accounts' } })
    .input(noInput)
    .output(tradingAccountListSchema)
    .query(listAccountsHandler),

  addAccount: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/accounts',
        errorResponses: { 409: 'You have an account of this name' },
        tags,
        protect: true,
        summary: 'Add a trading account (a name each, at most 10)',
      },
    })
    .input(newTradingAccountInput)
    .output(tradingAccountSchema)
    .mutation(addAccountHandler),

  results: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/results',
        tags,
        protect: true,
        summary: "My results: each journaled signal, my R from my fills against the signal's stop, beside the desk's",
      },
    })
    .input(resultsInput)
    .output(resultsSchema)
    .query(resultsHandler),

  signalTakers: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/signals/takers',
        tags: ['admin'],
        protect: true,
        summary:
          'Per signal, how many subscribers marked it taken and, from 5 takers up, their median slippage and share in profit',
        description:
          'For the desk only: these figures are self-reported by people the desk could create, so they are never published as results.',
      },
    })
    .input(noInput)
    .output(signalTakersListSchema)
    .query(signalTakersHandler),

  importTrades: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/imports',
        tags,
        protect: true,
        summary: 'Import your fills: a MetaTrader 5 Trade History Report (HTML) or the generic CSV, matched to signals',
        description:
          'MetaTrader writes its times in the broker server’s time: without `serverOffsetMinutes` the answer suggests it from ' +
          'the matches and writes nothing. A second import of the same trades adds nothing. A file that is not a report is a 400 ' +
          'naming `content`. The CSV’s columns: id, symbol, direction (buy/sell or long/short), volume, open_time, open_price, ' +
          'close_time, close_price, profit (docs/features/journal.md).',
      },
    })
    .input(importInput)
    .output(importResultSchema)
    .mutation(importTradesHandler),

  importedTrades: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/imported-trades',
        tags,
        protect: true,
        summary: 'Your imported trades (`unmatched=true`: those no signal was matched to, for a manual match)',
      },
    })
    .input(importedTradesInput)
    .output(importedTradeListSchema)
    .query(listImportedTradesHandler),

  importCandidates: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/imported-trades/{id}/candidates',
        errorResponses: { 404: 'No imported trade of yours has this id' },
        tags,
        protect: true,
        summary: 'The signals an imported trade may be matched to by hand',
        description:
          'Signals you may journal, of the trade’s direction and instrument (any instrument when its symbol is not known), ' +
          'published from 7 days before the trade opened to 10 minutes after; newest first, at most 20.',
      },
    })
    .input(idParam)
    .output(importCandidateListSchema)
    .query(importCandidatesHandler),

  matchImportedTrade: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/imported-trades/{id}/match',
        errorResponses: { 404: 'No imported trade of yours has this id' },
        tags,
        protect: true,
        summary: 'Match an imported trade to a signal by hand (same instrument and direction): it becomes your entry',
      },
    })
    .input(matchImportedInput)
    .output(importedTradeSchema)
    .mutation(matchImportedTradeHandler),
} satisfies TRPCRouterRecord;
