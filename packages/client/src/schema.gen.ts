// Generated from openapi.json by `pnpm --filter @t0/client generate`. Do not edit.

export interface paths {
    "/admin/affected-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active paying subscribers never sent a welcome e-mail */
        get: operations["admin-affectedUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/affiliates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Affiliates with clicks, sign-ups, conversions and earnings per currency; the rules per plan; settings */
        get: operations["adminAffiliates-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/affiliates/{id}/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark the payable total paid: one payout per currency, the commissions settled by it */
        post: operations["adminAffiliates-markPaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/affiliates/{id}/promotion-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give a promotion code to the affiliate: its buyers are attributed to them */
        post: operations["adminAffiliates-linkPromotionCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/affiliates/{id}/rate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The affiliate’s own percent over the plans’ rules (null: the rules again) */
        put: operations["adminAffiliates-setRate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/affiliates/{id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Let a suspended affiliate earn again (what was voided stays voided) */
        post: operations["adminAffiliates-reactivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/affiliates/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Suspend an affiliate: the link stops counting, every unpaid commission is voided */
        post: operations["adminAffiliates-suspend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/affiliates/payouts/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What is due, as CSV: one row per affiliate and currency with a payable total
         * @description Answers the file's name, its row count and the CSV text (amounts as decimals).
         */
        get: operations["adminAffiliates-payoutsExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/affiliates/rules/{plan}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** A plan’s own commission rule: percent of the first payment (recurringMonths 0) or of every payment for N months */
        put: operations["adminAffiliates-setRule"];
        post?: never;
        /** Drop a plan’s own rule: the default rule applies again */
        delete: operations["adminAffiliates-deleteRule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/affiliates/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The affiliate settings: default rule, first-touch window, hold window, Whop payments, disclosure */
        get: operations["adminAffiliates-settings"];
        /** Save the affiliate settings */
        put: operations["adminAffiliates-saveSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/alert-sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** TradingView alert sources (never their tokens), active first (an analyst's own) */
        get: operations["alertSources-list"];
        put?: never;
        /**
         * A new alert source: its webhook URL (with the secret token) is answered this once
         * @description Give the `url` to TradingView as the alert's webhook URL. Only the token's SHA-256 is kept: a lost URL is replaced by a new source.
         */
        post: operations["alertSources-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/alert-sources/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke a source: its URL answers 404 from now on (its drafts stay) */
        post: operations["alertSources-revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/analysts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every analyst, active first (deactivated ones kept), with their rooms */
        get: operations["analysts-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log of administrator actions, newest first, paged
         * @description Filters: `actor` (part of the e-mail), `action` (a procedure such as `signals.update`, or a prefix ending in a dot: `signals.`), `target` (`signal` or `signal:12`), `from` and `to` (dates). `before` and `after` hold the fields the action changed.
         */
        get: operations["audit-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/blacklist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every blacklist entry, newest first, with its reason, when and by whom */
        get: operations["blacklist-list"];
        put?: never;
        /**
         * Add an entry with a reason: `kind` email (matched in any case, Gmail dots and +tags folded), domain (`@example.com`), card (a Stripe card fingerprint), telegram, discord or whop (an id)
         * @description A domain answers how many accounts have an address there (`matchingAccounts`).
         */
        post: operations["blacklist-add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/blacklist/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an entry from the blacklist */
        delete: operations["blacklist-remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/blacklist/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many accounts have an address at a domain (`value`: `@example.com`), before blacklisting it */
        get: operations["blacklist-preview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/blog-posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All posts, drafts included, newest first */
        get: operations["blog-adminList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/business": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Business figures from the records: subscribers, new and ended this month (UTC), churn, MRR, failed payments, cancellation reasons */
        get: operations["operations-business"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/community": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each room's paid Telegram chat and Discord role: members against the rooms' holders, the last sync and its differences, alerts, recent actions */
        get: operations["adminCommunity-overview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/community/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reconcile every room's chat and role against the rooms held now (the daily sweep), and run the actions it queues */
        post: operations["adminCommunity-sync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Per channel: sent, failed, waiting, median latency and the last error */
        get: operations["delivery-stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/disputes/{id}/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A dispute’s evidence: the buyer’s sign-ins, the signals delivered, the chats joined, the refund policy
         * @description `id` is the ledger entry of the opened dispute.
         */
        get: operations["ledger-disputeEvidence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/disputes/{id}/evidence/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the dispute’s evidence to Stripe and submit it (once)
         * @description Stripe’s dispute update with `evidence[access_activity_log]`, `evidence[service_documentation]` (a text file uploaded for the purpose), `evidence[refund_policy_disclosure]`, `evidence[customer_email_address]` and `submit=true`. The submission is recorded (`submission` in the evidence). Outside production a test-mode dispute is recorded as submitted and sent nowhere.
         */
        post: operations["ledger-submitDisputeEvidence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/email-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Signal e-mail deliveries, latest first */
        get: operations["admin-emailDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/email-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every e-mail the product sent, counted by kind (today UTC and 30 days, sent and failed), and the newest failures */
        get: operations["operations-emailLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/email-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Signal e-mail delivery totals */
        get: operations["admin-emailSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/fix-missing-welcome-emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the missing welcome e-mails */
        post: operations["admin-fixMissingWelcomeEmails"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The money ledger (payments, refunds, disputes), newest first, paged, with this month’s dispute rate
         * @description Filters: `kind` (payment, refund, dispute_opened, dispute_won, dispute_lost), `userId`, `from` and `to` (dates; `to` excluded). Amounts are minor units (cents), positive; the kind says which way the money went.
         */
        get: operations["ledger-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/ledger/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The ledger entries the filters match, as CSV (at most 10000, newest first)
         * @description Filters: `kind` (payment, refund, dispute_opened, dispute_won, dispute_lost), `userId`, `from` and `to` (dates; `to` excluded). Answers the file's name, its row count and the CSV text (amounts as decimals).
         */
        get: operations["ledger-export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The desk’s inbox: one thread per subscriber, newest first, with unread counts (`search`, `status`); an analyst’s holds their rooms’ subscribers */
        get: operations["messages-inbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/messages/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One subscriber’s thread */
        get: operations["messages-thread"];
        put?: never;
        /** Reply to a subscriber: `message` and/or `imageUrl` */
        post: operations["messages-reply"];
        delete?: never;
        options?: never;
        head?: never;
        /** Close or reopen (`status`), assign (`assignedTo`: an administrator or an analyst of a room the subscriber holds), stop or allow the subscriber’s writing (`writingStopped`, administrators only) */
        patch: operations["messages-update"];
        trace?: never;
    };
    "/admin/messages/{userId}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark the subscriber’s messages read */
        post: operations["messages-markRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/messages/saved-replies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The desk’s saved replies (title and text), by title */
        get: operations["messages-savedReplies"];
        put?: never;
        /** Save a reply: `title` (at most 100 characters) and `text` (at most 2,000) */
        post: operations["messages-createSavedReply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/messages/saved-replies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a saved reply */
        delete: operations["messages-deleteSavedReply"];
        options?: never;
        head?: never;
        /** Change a saved reply’s `title` and/or `text` */
        patch: operations["messages-updateSavedReply"];
        trace?: never;
    };
    "/admin/metrics/revenue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Revenue figures per month: MRR and its movement, holders, churn, trial conversion, cohorts, refunds and disputes; ARPU and LTV per plan
         * @description `from` and `to` are UTC months (`YYYY-MM`, both included; by default the 12 months to this one, at most 36). Amounts are minor units of the reporting currency; amounts in another currency are left out and counted as not converted. Definitions: docs/features/revenue.md.
         */
        get: operations["ledger-revenue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/metrics/revenue/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The revenue figures per month as CSV
         * @description `from` and `to` are UTC months (`YYYY-MM`, both included; by default the 12 months to this one, at most 36). Answers the file's name, its row count (one per month) and the CSV text (amounts as decimals).
         */
        get: operations["ledger-revenueExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health measured now (database latency, mail transport, payments, job queue lag, live streams) and figures from the records */
        get: operations["operations-summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every plan, archived and unlisted ones too, with its Stripe price and how many hold it now */
        get: operations["plans-adminList"];
        put?: never;
        /** Add a plan: its terms, price and the rooms it grants */
        post: operations["plans-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/plans/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a plan (not its key); what its holders hold changes with its rooms */
        patch: operations["plans-update"];
        trace?: never;
    };
    "/admin/plans/{key}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archive a plan: its holders keep it, it takes no new ones and leaves the public list */
        post: operations["plans-archive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/plans/figures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Figures per plan: holders now, grants started and ended in the last 30 days, the monthly-equivalent revenue of its paid subscriptions
         * @description Counted from the access grants and their subscriptions; administrators count nowhere. `recurringRevenue` is null for a plan that does not recur (a pass, lifetime, free) or has no known price; passes and lifetime have no revenue figure (no payment is recorded for them).
         */
        get: operations["plans-figures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/promotion-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Promotion codes and their redemptions (who, when, discount, invoice): Stripe's, or the local test mode's; and the win-back offers not made */
        get: operations["adminPromotions-list"];
        put?: never;
        /**
         * A local test-mode promotion code: percent or amount off, optional limit, expiry and plans (409 with Stripe)
         * @description `plans`: the keys of the plans the code applies to (400 naming `plans` for a key no plan has); empty or left out: every plan. The test checkout refuses a limited code for another plan. `affiliateId`: the active affiliate the code belongs to (its buyers are attributed to them; 400 naming `affiliateId` for an unknown or suspended one); null or left out: none.
         */
        post: operations["adminPromotions-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/promotion-codes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the plans a local test-mode code applies to (empty: every plan) or its affiliate (null: none); 409 with Stripe
         * @description What is left out stays. `affiliateId`: an active affiliate (400 naming `affiliateId` for an unknown or suspended one).
         */
        patch: operations["adminPromotions-update"];
        trace?: never;
    };
    "/admin/rooms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every room, archived ones too, with its listed instruments and how many users hold it now */
        get: operations["rooms-adminList"];
        put?: never;
        /** Add a room; its instruments move out of the rooms that listed them */
        post: operations["rooms-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/rooms/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a room (not its slug); instruments given become the room's, moved out of other rooms */
        patch: operations["rooms-update"];
        trace?: never;
    };
    "/admin/rooms/{slug}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archive a room: its instruments fall to the default room, its signals keep it */
        post: operations["rooms-archive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/signal-drafts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Drafts made by TradingView alerts, newest first (pending unless `state` says otherwise; an analyst's own) */
        get: operations["signalDrafts-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/signal-drafts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Edit a pending draft before publishing it */
        patch: operations["signalDrafts-update"];
        trace?: never;
    };
    "/admin/signal-drafts/{id}/discard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Discard a pending draft (it is never published) */
        post: operations["signalDrafts-discard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/signal-drafts/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a pending draft as a signal, through the same rules as POST /api/signals
         * @description A market draft must be near the live price like any market signal; a refusal names the field and leaves the draft pending.
         */
        post: operations["signalDrafts-publish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/signals/takers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per signal, how many subscribers marked it taken and, from 5 takers up, their median slippage and share in profit
         * @description For the desk only: these figures are self-reported by people the desk could create, so they are never published as results.
         */
        get: operations["journal-signalTakers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/site-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Site settings: support address, marketing figures, legal pages */
        get: operations["site-settings"];
        /** Replace the site settings */
        put: operations["site-updateSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every user, with subscription, login and device facts */
        get: operations["admin-users"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{userId}/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make the user an administrator or remove the role (not an ADMIN_EMAILS address, not yourself) */
        post: operations["adminUsers-setAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{userId}/analyst": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the user an analyst, or change the analyst (name shown, title, rooms, disclosure)
         * @description `rooms` are room slugs (absent: unchanged); `slug` is made from `displayName` when a new analyst gives none. An unknown room, a slug in use or an empty name is a 400 naming the field, and changes nothing. A deactivated analyst is made active again.
         */
        post: operations["analysts-upsert"];
        /**
         * Deactivate an analyst: they act no more; the analyst, their signals and their authorship stay
         * @description Their TradingView alert sources are revoked (their drafts stay).
         */
        delete: operations["analysts-deactivate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{userId}/blacklist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Blacklist the account with a reason: its address, known ids (Telegram, Discord, Whop) and the cards it paid with go on the blacklist, and its sessions, API tokens, live streams and access end now (a Stripe subscription is cancelled at once) */
        post: operations["adminUsers-blacklist"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{userId}/cancel-at-period-end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel the user's subscription at the end of its period, with a reason */
        post: operations["adminUsers-cancelAtPeriodEnd"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{userId}/community": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's community actions (invites, removals, role changes), newest first */
        get: operations["adminCommunity-userTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{userId}/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's account, access grants, subscription, payments, logins, deliveries and notes */
        get: operations["adminUsers-detail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{userId}/end-access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End access now: the free access granted and the subscription (cancelled at Stripe at once, without proration) */
        post: operations["adminUsers-endAccess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{userId}/grant-days": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Grant 1–365 days of free access to a plan's rooms (`plan`: its key, default the default plan; added to its free days still running) */
        post: operations["adminUsers-grantDays"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{userId}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a note on the user (seen by administrators only) */
        post: operations["adminUsers-addNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{userId}/resend-welcome": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the welcome e-mail again */
        post: operations["adminUsers-resendWelcome"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{userId}/sign-out-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End every session of the user and revoke their API tokens */
        post: operations["adminUsers-signOutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users matching a search and a filter, newest first, paged, with the total
         * @description `search`: part of the e-mail, first or last name (any case). `filter`: all, active, past_due, cancelling, never_logged_in or admin. `limit` (1–100) and `offset` page through the matches.
         */
        get: operations["adminUsers-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/whop-plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The T0 plan each Whop plan grants (a Whop plan not listed grants the default plan) */
        get: operations["plans-whopList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/whop-plans/{whopPlanId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Map a Whop plan to a T0 plan: its memberships' next events grant that plan */
        put: operations["plans-whopSet"];
        post?: never;
        /** Remove a Whop plan's mapping: it grants the default plan again */
        delete: operations["plans-whopRemove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analysts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The analysts (name shown, title, active), to follow or mute in the delivery preferences */
        get: operations["analysts-directory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/2fa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The administrator's second factor: on or off, required, this session's state, recovery codes left */
        get: operations["secondFactor-status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/2fa/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish set-up with a first code: answers ten recovery codes, shown once
         * @description Needs a signed-in session past its second factor: an API token gets 403.
         */
        post: operations["secondFactor-confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/2fa/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor authentication off (needs a current code or a recovery code)
         * @description Needs a signed-in session past its second factor: an API token gets 403.
         */
        post: operations["secondFactor-disable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/2fa/enrol": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start two-factor set-up: a new secret as text and as a QR code
         * @description Needs a signed-in session past its second factor: an API token gets 403.
         */
        post: operations["secondFactor-enrol"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/2fa/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the recovery codes (needs a current code)
         * @description Needs a signed-in session past its second factor: an API token gets 403.
         */
        post: operations["secondFactor-renewRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/2fa/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign-in step after the password: a 6-digit code or a recovery code (each accepted once; 5 attempts a minute) */
        post: operations["secondFactor-verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/admin-email/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prove this account's ADMIN_EMAILS address with the token of the link mailed to it
         * @description Needs a signed-in session of the account whose address the link was mailed to. The token works once, for 24 hours; the account then is an administrator (audited, and its live streams are told `account.changed`).
         */
        post: operations["auth-confirmAdminEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/admin-email/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a new link proving this account's ADMIN_EMAILS address
         * @description For a signed-in account whose address is in ADMIN_EMAILS and not proven yet (`adminEmailPending` in the user). Registration mails the first link; at most three links an hour.
         */
        post: operations["auth-sendAdminEmailLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password
         * @description Needs a signed-in session: an API token gets 403. Other devices are signed out and every API token of the account is revoked (the owner is e-mailed their names).
         */
        post: operations["auth-changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a reset link */
        post: operations["auth-forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in */
        post: operations["auth-login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/notification-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Saved alert settings */
        get: operations["auth-notificationSettings"];
        put?: never;
        /** Save alert settings */
        post: operations["auth-saveNotificationSettings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update first and last name */
        patch: operations["auth-updateProfile"];
        trace?: never;
    };
    "/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with a reset token */
        post: operations["auth-resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/trading-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Saved trading config */
        get: operations["auth-tradingConfig"];
        put?: never;
        /** Save trading config */
        post: operations["auth-saveTradingConfig"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user */
        get: operations["auth-user"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your plan, status, renewal or end date, card and invoices */
        get: operations["billing-summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel at the end of the paid period, with a reason */
        post: operations["billing-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/plan-change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What moving your subscription to another recurring plan costs now: credit, charge, total, next renewal, rooms gained and lost */
        get: operations["billing-planChangePreview"];
        put?: never;
        /** Move your subscription to another recurring plan, prorated at the preview's prorationDate (upgrade, downgrade, cross-grade) */
        post: operations["billing-changePlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open Stripe's Customer Portal for your billing */
        post: operations["billing-portal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Undo a cancellation before the period ends */
        post: operations["billing-resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/blog-posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Published posts, newest first */
        get: operations["blog-list"];
        put?: never;
        /** Create a post (a draft unless published is true) */
        post: operations["blog-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/blog-posts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One published post */
        get: operations["blog-byId"];
        /** Update a post */
        put: operations["blog-update"];
        post?: never;
        /** Delete a post */
        delete: operations["blog-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/blog-posts/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Publish or unpublish a post */
        patch: operations["blog-setStatus"];
        trace?: never;
    };
    "/candles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Candles of a symbol for one timeframe
         * @description OHLC bars built from the server's price refreshes (and the vendor's or the simulated feed's history). `timeframe` is one of `1min`, `15min`, `4h`, `daily`, `weekly`, `monthly`; `from` is an ISO 8601 date-time or Unix seconds (default: about 300 bars back). `time` is the start of each bar in Unix seconds (UTC; weeks start on Monday, months on the 1st). At most 2000 bars, the latest ones when the range holds more. An unknown symbol or timeframe answers 400 naming it.
         */
        get: operations["candles-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chart-memos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Analysis memos of all instruments (analysis withheld without a subscription) */
        get: operations["chartMemos-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chart-memos/{instrument}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Create or update the memo of an instrument (camelCase or snake_case fields) */
        put: operations["chartMemos-upsert"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chart-memos/upload-image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A signed URL to PUT one memo image to (.jpg .jpeg .png .gif .webp, 5 MB) */
        post: operations["chartMemos-uploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chart-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Chart notes per instrument and timeframe (text withheld without a subscription) */
        get: operations["chartNotes-list"];
        /** Replace the note of an instrument and timeframe */
        put: operations["chartNotes-update"];
        /** Save the note of an instrument and timeframe */
        post: operations["chartNotes-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chart-notes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a chart note */
        delete: operations["chartNotes-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/community/discord/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Discord's authorisation page to link your Discord account (identify, guilds.join)
         * @description Open the URL in the browser signed in here: Discord sends you back to `/api/community/discord/callback`, which adds you to the server with the role of each room you hold.
         */
        post: operations["community-discordAuthorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/community/discord/unlink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unlink your Discord account: every room role is removed */
        post: operations["community-discordUnlink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/community/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your access to the paid Telegram chats and Discord roles of the rooms you hold, or why you have none
         * @description One entry per chat (`telegram.chats`) and per role (`discord.roles`) of the rooms you hold, each named by its rooms. `blocked`: `not_configured` (no room has one on this server), `no_subscription` (no room you hold has one), `not_linked` (link Telegram in Alerts, or Discord here first), or null.
         */
        get: operations["community-status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/community/telegram/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Your personal invite links to the paid Telegram chats of the rooms you hold (one person, 24 hours each)
         * @description One link per chat (`invites`, each named by its rooms; `url` is the first). Answers the open links when there are; `renew: true` makes new ones and revokes the older. Needs a linked Telegram chat (`400` otherwise).
         */
        post: operations["community-telegramInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/create-checkout-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a checkout of any open plan, listed or not (the default plan when none is named): Stripe, or the local test-mode page when Stripe is not configured */
        post: operations["payments-createCheckoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/desk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who acts at the desk: an administrator (every room), or an analyst with their rooms and instruments */
        get: operations["analysts-desk"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a reset link (alias) */
        post: operations["auth-forgotPasswordAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbound/alerts/{sourceToken}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A TradingView alert becomes a pending signal draft
         * @description TradingView's alert webhook. The secret is the source's token in the path (an alert source made in the console); no other credential. The body is the JSON message template, sent as `application/json` or `text/plain` (TradingView chooses by whether the message looks like JSON; both are read the same), at most 16 KiB. 201 for a new draft; 200 when the same body came within a minute and was folded into the draft it made (`received` + 1).
         */
        post: operations["inbound-alert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instruments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The instrument catalogue: sizes, unit (pips or points), decimals, feed symbol and entry tolerance */
        get: operations["instruments-list"];
        put?: never;
        /** Add an instrument (or give a built-in one its own sizes or feed symbol) */
        post: operations["instruments-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/instruments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an added instrument without signals (a built-in one returns to its defaults) */
        delete: operations["instruments-delete"];
        options?: never;
        head?: never;
        /** Change an instrument's sizes, feed symbol or entry tolerance */
        patch: operations["instruments-update"];
        trace?: never;
    };
    "/legal/{page}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A legal page (terms, privacy, risk) as Markdown */
        get: operations["site-legal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/live-prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Latest prices by symbol
         * @description A map of symbol to price, refreshed on the server once per interval. `source` is `simulated` when no market-data vendor is configured. When the vendor needs configuring the error carries `requiresSetup: true`.
         */
        get: operations["prices-live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in (alias) */
        post: operations["auth-loginAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every notification, newest first */
        get: operations["notifications-list"];
        put?: never;
        /** Broadcast a notification, now or at scheduledFor */
        post: operations["notifications-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Edit a notification */
        put: operations["notifications-update"];
        post?: never;
        /** Delete a notification (and every delivery of it) */
        delete: operations["notifications-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Counts by type and priority, unread totals, active subscribers */
        get: operations["notifications-stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/performance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Track record: win rate, expectancy, profit factor, drawdown, streaks, equity in R (of one analyst with analyst=, one room with room=) */
        get: operations["performance-summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/performance/checkpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Signed checkpoints of the signal event chain, newest first */
        get: operations["record-checkpoints"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/performance/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The whole signal event chain, oldest first (an open signal's content withheld from non-subscribers) */
        get: operations["record-events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/performance/gaps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Gaps a restore from a backup declared in the record, each signed, oldest first */
        get: operations["record-gaps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/performance/key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Ed25519 public key that signs the record's checkpoints (PEM, raw base64, key id) */
        get: operations["record-key"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/performance/leaderboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Analysts ranked by expectancy in R over 30 days, 90 days, a year or all time (internal until the desk publishes it) */
        get: operations["performance-leaderboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/performance/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recompute the signal event chain and check it against every signed checkpoint: ok, or the first broken event and the contradicted checkpoint */
        get: operations["performance-verify"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plans anyone may choose, in order, with their terms, rooms, price and free trial */
        get: operations["billing-plans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/{plan}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One plan anyone may buy by its key, listed or not (an offer), with its terms, rooms and price */
        get: operations["plans-offer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/{plan}/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join a free plan (no payment): its rooms are held from now, with no end */
        post: operations["plans-join"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/push/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether this server sends web push, and its VAPID public key */
        get: operations["push-config"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/push/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your browsers with web push enabled */
        get: operations["push-list"];
        put?: never;
        /**
         * Enable web push on a browser: the body is the browser's PushSubscription (endpoint, keys.p256dh, keys.auth)
         * @description The endpoint must be an https:// address of a push service on the public internet. `keys.p256dh` is the 65-byte P-256 public key and `keys.auth` the 16-byte secret, both base64url. Subscribing the same endpoint again updates it; an endpoint another account holds is refused (409, nothing changes). At most 10 browsers per account.
         */
        post: operations["push-subscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/push/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a browser from your web push devices */
        delete: operations["push-remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/push/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test notification to your browsers now; answers how many push services accepted it */
        post: operations["push-test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/push/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable web push on a browser, named by its endpoint */
        post: operations["push-unsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/referral/visit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Count a click on an affiliate’s link (no address stored; limited per address) */
        post: operations["referral-visit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account and sign in */
        post: operations["auth-register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active downloadable resources, newest first */
        get: operations["resources-list"];
        put?: never;
        /** Publish a resource (uploadedBy is the calling administrator) */
        post: operations["resources-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a resource and its uploaded file */
        delete: operations["resources-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resources/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A signed URL to PUT one document to (.pdf .doc .docx .txt, 10 MB) */
        post: operations["resources-upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Signals: active and limit first, then newest, each with its result
         * @description Without a subscription, open signals come without their levels, memo and result (null, empty, `locked: true`); finished ones are whole. An active analyst reads the rooms they publish in whole.
         */
        get: operations["signals-list"];
        put?: never;
        /** Publish a signal (e-mailed to subscribers); levels must make sense */
        post: operations["signals-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Edit an open signal (recorded in its timeline), or its creation date alone */
        put: operations["signals-update"];
        post?: never;
        /** Delete a signal published in error (first 2 minutes only; withdraw it later) */
        delete: operations["signals-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signals/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a limit signal that never filled */
        post: operations["signals-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signals/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close a filled signal at market (a typed exit must lie within the feed's range; 503 without a live price) */
        post: operations["signals-close"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signals/{id}/close-part": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close a percent of a filled position now, at the live price */
        post: operations["signals-closePart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signals/{id}/disclosure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A signal's labels and disclosure (EU MAR Art. 20), public and without its levels
         * @description Who produced it (the analyst as shown now, or the desk's legal person), when its production was completed and when it was first released, the analyst's disclosure and the desk's risk warning. Never an entry, stop or target.
         */
        get: operations["signals-disclosure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signals/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A signal's timeline, oldest first, hash-chained */
        get: operations["signals-events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signals/{id}/exits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A partial exit or your own close of a trade you took: a share (percent) of the position at a price
         * @description With no exits of yours, your trade follows the desk’s parts and exit; the part you leave open closes at the desk’s exit.
         */
        post: operations["journal-exit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signals/{id}/skipped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** I skipped it (a taken entry becomes skipped and its exits are removed) */
        post: operations["journal-skipped"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signals/{id}/took": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * I took it: your fill, size and time (a second call corrects them)
         * @description Defaults: `fillPrice` the signal's entry (required for a signal locked to you), `riskPercent` your trading settings' position size (none when you give `lots`), `takenAt` now, `account` Main. A price of 0 or a time in the future is a 400 naming the field.
         */
        post: operations["journal-took"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signals/{id}/trail-stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Trail a filled signal's stop to a level in its favour, behind the live price */
        post: operations["signals-trailStop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signals/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Withdraw a published signal (it stays in the record) */
        post: operations["signals-withdraw"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signals/audience": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many subscribers a new signal reaches */
        get: operations["signals-audience"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/site-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public settings shown by the web app */
        get: operations["site-config"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The live event stream (Server-Sent Events)
         * @description A `text/event-stream` of everything the signed-in user may see change. Each frame has `id:` (the event id), `event:` (one of `signal.created`, `signal.updated`, `signal.deleted`, `notification.created`, `price_alert.fired`, `unread.changed`, `prices`, `content.changed`, `account.changed`, `session.ended`, `message.changed`, `resync`) and `data:` (JSON; a signal as `GET /api/signals` answers it to this user). Resume with the `Last-Event-ID` header (or `?lastEventId=`): the missed events come first, in order; from before the kept window (24 h) a `resync` event says to refetch. A comment line (`: ping`) comes at least every 15 s. `session.ended` is the last event of a stream. A stream ends (with `session.ended`) within 2 s of its session being signed out or expiring, or of the API token it was opened with being revoked or expiring; the credential is also re-checked at every ping. A client that stops reading is disconnected once its socket has not drained for 20 s (resume with `Last-Event-ID`). At most 10 open streams per user (a new one closes the oldest), at most 50 per client address (429 past it; LIVE_MAX_STREAMS_PER_ADDRESS); 503 when the server has too many.
         */
        get: operations["live-stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/telegram/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A one-time deep link that links a Telegram chat to your account
         * @description Answers `https://t.me/<bot>?start=<code>`: open it in Telegram and press START. The code works once, for 15 minutes; asking again replaces it. Linking again from another chat moves the link. `400` when Telegram is not configured on this server.
         */
        post: operations["telegram-link"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/telegram/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether Telegram is configured here, and the chat your account is linked to */
        get: operations["telegram-status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/telegram/unlink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unlink your Telegram chat (sending /stop to the bot does the same) */
        post: operations["telegram-unlink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/activate-subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Activate a subscription without payment (not in production) */
        post: operations["test-activateSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/checkout-success": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Simulate a completed checkout (not in production) */
        post: operations["test-checkoutSuccess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/deactivate-subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End a subscription (not in production) */
        post: operations["test-deactivateSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/dispute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Dispute the user’s newest test-mode payment, as a chargeback would (not in production) */
        post: operations["test-dispute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/get-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Look a user up by address (not in production) */
        post: operations["test-getUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every plan the test page can activate, listed or not (not in production) */
        get: operations["test-plans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your trading accounts */
        get: operations["journal-accounts"];
        put?: never;
        /** Add a trading account (a name each, at most 10) */
        post: operations["journal-addAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/api-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your API tokens (never their secrets)
         * @description Needs a signed-in session: an API token cannot list, create or revoke tokens (403).
         */
        get: operations["apiTokens-list"];
        put?: never;
        /**
         * Create an API token
         * @description The answer's `token` is shown this once and cannot be read again (only its SHA-256 is stored). `read` tokens may call GET paths only; `read-write` tokens may call everything the account may, except managing tokens, the second factor and the password. At most 20 active tokens (409). `expiresInDays`: 30, 90 or 365, or null for never (default 90); past it the token gets 401. A password reset or change, and signing out everywhere, revoke every token of the account (the owner is e-mailed the list). Needs a signed-in session: an API token cannot list, create or revoke tokens (403).
         */
        post: operations["apiTokens-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/api-tokens/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API token
         * @description The token stops working at once on every server (401), and live streams opened with it end. Revoking a revoked token changes nothing. Needs a signed-in session: an API token cannot list, create or revoke tokens (403).
         */
        post: operations["apiTokens-revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your last 20 deliveries with their status */
        get: operations["delivery-deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/delivery-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which events reach which channels, instrument filter and quiet hours */
        get: operations["delivery-preferences"];
        /**
         * Save the events × channels table, instrument filter, analysts followed or muted, quiet hours and Discord webhook
         * @description `channels` has every event (published, activated, t0_hit, stop_moved, closed, withdrawn, broadcast) with every channel (in_app, email, web_push, telegram, discord, webhook) on or off. `instruments` empty means all. `quietHours` start/end are HH:MM in the user's time zone; `urgentStillComes` lets closes, withdrawals and high-priority announcements through. `analysts` (absent: unchanged) lists rules `{ channel, analyst, rule }`, the analyst by slug (GET /analysts): on that channel a `mute`d analyst's signals are not delivered; with any analyst `follow`ed on a channel, only the followed analysts' signals are delivered there. The desk's own signals and announcements pass both. Channels: email, web_push, telegram, discord, webhook (the in-app list shows every signal of the rooms you hold). An unknown analyst is a 400 naming `analysts.<i>.analyst`.
         */
        put: operations["delivery-savePreferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/imported-trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your imported trades (`unmatched=true`: those no signal was matched to, for a manual match) */
        get: operations["journal-importedTrades"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/imported-trades/{id}/candidates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signals an imported trade may be matched to by hand
         * @description Signals you may journal, of the trade’s direction and instrument (any instrument when its symbol is not known), published from 7 days before the trade opened to 10 minutes after; newest first, at most 20.
         */
        get: operations["journal-importCandidates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/imported-trades/{id}/match": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Match an imported trade to a signal by hand (same instrument and direction): it becomes your entry */
        post: operations["journal-matchImportedTrade"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import your fills: a MetaTrader 5 Trade History Report (HTML) or the generic CSV, matched to signals
         * @description MetaTrader writes its times in the broker server’s time: without `serverOffsetMinutes` the answer suggests it from the matches and writes nothing. A second import of the same trades adds nothing. A file that is not a report is a 400 naming `content`. The CSV’s columns: id, symbol, direction (buy/sell or long/short), volume, open_time, open_price, close_time, close_price, profit (docs/features/journal.md).
         */
        post: operations["journal-importTrades"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The viewer’s thread with the desk, oldest first, with the standing notice and whether they may write */
        get: operations["messages-mine"];
        put?: never;
        /** Write to the desk: `message` (at most 2,000 characters) and/or `imageUrl` (an uploaded image) */
        post: operations["messages-send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/messages/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark the desk’s messages read */
        post: operations["messages-read"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/messages/upload-image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A signed URL to PUT one message image to (.jpg .jpeg .png .gif .webp, 5 MB) */
        post: operations["messages-uploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My notifications, newest first */
        get: operations["userNotifications-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/notifications/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Mark one notification read */
        put: operations["userNotifications-markRead"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/notifications/{id}/unread": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark one notification unread */
        post: operations["userNotifications-markUnread"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/notifications/mark-all-read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark all my notifications read (alias) */
        post: operations["userNotifications-markAllReadAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/notifications/read-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Mark all my notifications read */
        put: operations["userNotifications-markAllRead"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/notifications/unread-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many of my notifications are unread */
        get: operations["userNotifications-unreadCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Display preferences (time zone, language) */
        get: operations["preferences-get"];
        /**
         * Save display preferences
         * @description `timeZone` is an IANA name (Europe/London, America/New_York, UTC) or null for the browser's own zone. `language` is one of `en`, `es`, `pt-BR`, `ar`, or null for the browser's languages, then the desk's default. A field left out keeps its value.
         */
        put: operations["preferences-save"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/price-alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your price alerts */
        get: operations["priceAlerts-list"];
        put?: never;
        /**
         * Set a price alert: above, below or crossing a level of an instrument of your plan
         * @description `side` (bid, ask or mid; default mid) is the price it is judged on; while the feed gives one price only, every side is judged on it. `repeat`: once (default) or every time, again only after the price moved 2 pips or points back from the level. A level of 0 or an instrument outside your plan is a 400 naming the field.
         */
        post: operations["priceAlerts-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/price-alerts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a price alert */
        delete: operations["priceAlerts-remove"];
        options?: never;
        head?: never;
        /** Change a price alert, pause it (`active: false`) or turn it on again */
        patch: operations["priceAlerts-update"];
        trace?: never;
    };
    "/user/referral": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your affiliate account: link, code, the disclosure line accepted, clicks, sign-ups, conversions and earnings (pending, payable, paid, clawed back) */
        get: operations["referral-state"];
        put?: never;
        /** Accept the affiliate terms (the desk’s disclosure line, to show wherever you promote the link) and get a referral code */
        post: operations["referral-accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My results: each journaled signal, my R from my fills against the signal's stop, beside the desk's */
        get: operations["journal-results"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your signed webhook endpoints */
        get: operations["delivery-webhooks"];
        put?: never;
        /**
         * Register an HTTPS endpoint; the signing secret is answered once
         * @description Payloads follow Standard Webhooks: headers webhook-id, webhook-timestamp and webhook-signature (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the base64-decoded part of the `whsec_` secret). At most 5 endpoints; private addresses are refused.
         */
        post: operations["delivery-createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a webhook endpoint */
        delete: operations["delivery-deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/webhooks/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable a webhook endpoint again after it was disabled */
        post: operations["delivery-enableWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a signed test event to the endpoint */
        post: operations["delivery-testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** A service the server relies on failed (502) */
        "error.BAD_GATEWAY": {
            /**
             * @description The kind of error
             * @constant
             */
            code: "BAD_GATEWAY";
            /** @description What went wrong, for people (the first problem) */
            message: string;
        };
        /** Bad request (400) */
        "error.BAD_REQUEST": {
            /**
             * @description The kind of error
             * @constant
             */
            code: "BAD_REQUEST";
            /** @description Each refused field (a refusal of the request as a whole has none) */
            fields?: components["schemas"]["FieldError"][];
            /** @description What went wrong, for people (the first problem) */
            message: string;
        };
        /** In conflict with the current state (409) */
        "error.CONFLICT": {
            /**
             * @description The kind of error
             * @constant
             */
            code: "CONFLICT";
            /** @description What went wrong, for people (the first problem) */
            message: string;
        };
        /** Not allowed (403) */
        "error.FORBIDDEN": {
            /**
             * @description The kind of error
             * @constant
             */
            code: "FORBIDDEN";
            /** @description What went wrong, for people (the first problem) */
            message: string;
            /**
             * @description The second factor stands in the way: `code_required` (give the code: POST /auth/2fa/verify) or `enrolment_required` (set it up first)
             * @enum {string}
             */
            secondFactor?: "code_required" | "enrolment_required";
        };
        /** Internal server error (500) */
        "error.INTERNAL_SERVER_ERROR": {
            /**
             * @description The kind of error
             * @constant
             */
            code: "INTERNAL_SERVER_ERROR";
            /** @description What went wrong, for people (the first problem) */
            message: string;
        };
        /** Not found (404) */
        "error.NOT_FOUND": {
            /**
             * @description The kind of error
             * @constant
             */
            code: "NOT_FOUND";
            /** @description What went wrong, for people (the first problem) */
            message: string;
        };
        /** Body too large (413) */
        "error.PAYLOAD_TOO_LARGE": {
            /**
             * @description The kind of error
             * @constant
             */
            code: "PAYLOAD_TOO_LARGE";
            /** @description What went wrong, for people (the first problem) */
            message: string;
        };
        /** Unavailable for now (503) */
        "error.SERVICE_UNAVAILABLE": {
            /**
             * @description The kind of error
             * @constant
             */
            code: "SERVICE_UNAVAILABLE";
            /** @description What went wrong, for people (the first problem) */
            message: string;
            /**
             * @description The service needs configuring on the server (live prices without a vendor key)
             * @constant
             */
            requiresSetup?: true;
        };
        /** Too many requests (429) */
        "error.TOO_MANY_REQUESTS": {
            /**
             * @description The kind of error
             * @constant
             */
            code: "TOO_MANY_REQUESTS";
            /** @description What went wrong, for people (the first problem) */
            message: string;
        };
        /** Not signed in or an invalid credential (401) */
        "error.UNAUTHORIZED": {
            /**
             * @description The kind of error
             * @constant
             */
            code: "UNAUTHORIZED";
            /** @description What went wrong, for people (the first problem) */
            message: string;
        };
        /** Unsupported content type (415) */
        "error.UNSUPPORTED_MEDIA_TYPE": {
            /**
             * @description The kind of error
             * @constant
             */
            code: "UNSUPPORTED_MEDIA_TYPE";
            /** @description What went wrong, for people (the first problem) */
            message: string;
        };
        /** A refused field */
        FieldError: {
            /**
             * @description Why, as a stable code to translate by: `required`: missing, or empty where a value is needed; `invalid_type`: of the wrong type (text where a number is expected, …); `too_short`: text or list shorter than allowed; `too_long`: text or list longer than allowed; `too_small`: number or date below the minimum; `too_big`: number or date above the maximum; `invalid_format`: text not in the expected form (e-mail address, URL, date, pattern, JSON); `invalid_value`: not one of the allowed values, or refused by a rule (levels that do not make sense, …); `unknown_field`: a field the operation does not take; `control_character`: text holding a control character; `read_only`: a field that cannot be changed (any more)
             * @enum {string}
             */
            code: "required" | "invalid_type" | "too_short" | "too_long" | "too_small" | "too_big" | "invalid_format" | "invalid_value" | "unknown_field" | "control_character" | "read_only";
            /** @description Why, for people */
            message: string;
            /** @description The field, dotted (`keys.p256dh`); empty for the input as a whole */
            path: string;
        };
    };
    responses: {
        /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. */
        "BAD_REQUEST.input": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.BAD_REQUEST"];
            };
        };
        /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. */
        "BAD_REQUEST.input-json": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.BAD_REQUEST"];
            };
        };
        /** @description The body is not well-formed JSON. */
        "BAD_REQUEST.json": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.BAD_REQUEST"];
            };
        };
        /** @description Not an administrator, or an administrator whose session has not given its second factor, or who has none where it is required (`secondFactor`). */
        "FORBIDDEN.admin": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.FORBIDDEN"];
            };
        };
        /** @description A cross-site request (its `Origin` is another site). */
        "FORBIDDEN.crossSite": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.FORBIDDEN"];
            };
        };
        /** @description A cross-site request (its `Origin` is another site). A `read` API token on a write. */
        "FORBIDDEN.crossSite-readToken": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.FORBIDDEN"];
            };
        };
        /** @description A cross-site request (its `Origin` is another site). A `read` API token on a write. Not an administrator, or an administrator whose session has not given its second factor, or who has none where it is required (`secondFactor`). */
        "FORBIDDEN.crossSite-readToken-admin": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.FORBIDDEN"];
            };
        };
        /** @description A cross-site request (its `Origin` is another site). A `read` API token on a write. Neither an administrator nor an active analyst, or either whose session has not given its second factor, or who has none where it is required (`secondFactor`); an analyst outside their rooms, or on what is not their own. */
        "FORBIDDEN.crossSite-readToken-desk": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.FORBIDDEN"];
            };
        };
        /** @description A cross-site request (its `Origin` is another site). A `read` API token on a write. No active subscription. */
        "FORBIDDEN.crossSite-readToken-subscriber": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.FORBIDDEN"];
            };
        };
        /** @description A cross-site request (its `Origin` is another site). An API token (this needs a signed-in session), or an administrator whose session has not given its second factor (`secondFactor: "code_required"`). */
        "FORBIDDEN.crossSite-session": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.FORBIDDEN"];
            };
        };
        /** @description Neither an administrator nor an active analyst, or either whose session has not given its second factor, or who has none where it is required (`secondFactor`); an analyst outside their rooms, or on what is not their own. */
        "FORBIDDEN.desk": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.FORBIDDEN"];
            };
        };
        /** @description An API token (this needs a signed-in session), or an administrator whose session has not given its second factor (`secondFactor: "code_required"`). */
        "FORBIDDEN.session": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.FORBIDDEN"];
            };
        };
        /** @description No active subscription. */
        "FORBIDDEN.subscriber": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.FORBIDDEN"];
            };
        };
        /** @description An unexpected error (the message says no more). */
        "INTERNAL_SERVER_ERROR.unexpected": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
            };
        };
        /** @description In production, where the test helpers do not exist. */
        "NOT_FOUND.production": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.NOT_FOUND"];
            };
        };
        /** @description The body is too large. */
        "PAYLOAD_TOO_LARGE.body": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.PAYLOAD_TOO_LARGE"];
            };
        };
        /** @description The database is not answering. */
        "SERVICE_UNAVAILABLE.database": {
            headers: {
                /** @description Seconds to wait before trying again */
                "Retry-After": number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
            };
        };
        /** @description Too many failed API-token attempts from this client address. */
        "TOO_MANY_REQUESTS.tokens": {
            headers: {
                /** @description Seconds to wait before trying again */
                "Retry-After": number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
            };
        };
        /** @description Too many failed API-token attempts from this client address. Too many sign-in, registration or password-reset attempts from this address or for this account. */
        "TOO_MANY_REQUESTS.tokens-signIns": {
            headers: {
                /** @description Seconds to wait before trying again */
                "Retry-After": number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
            };
        };
        /** @description Not signed in. An `Authorization` header with an invalid, revoked or expired API token. */
        "UNAUTHORIZED.signedOut-token": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.UNAUTHORIZED"];
            };
        };
        /** @description An `Authorization` header with an invalid, revoked or expired API token. */
        "UNAUTHORIZED.token": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.UNAUTHORIZED"];
            };
        };
        /** @description The body is not `application/json`. */
        "UNSUPPORTED_MEDIA_TYPE.json": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
            };
        };
        /** @description The body is not `application/json` or `text/plain`. */
        "UNSUPPORTED_MEDIA_TYPE.json-or-plain": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "admin-affectedUsers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 date-time */
                        created_at: string;
                        email: string;
                        id: number;
                        subscription_status: string;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminAffiliates-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        affiliates: {
                            clicks: number;
                            code: string;
                            conversions: number;
                            createdAt: string;
                            earnings: {
                                clawedBack: number;
                                currency: string;
                                paid: number;
                                payable: number;
                                pending: number;
                            }[];
                            email: string;
                            id: number;
                            promotionCodes: string[];
                            ratePercent: number | null;
                            signUps: number;
                            /** @enum {string} */
                            status: "active" | "suspended";
                            termsAcceptedAt: string;
                            userId: number;
                        }[];
                        rules: {
                            percent: number;
                            plan: string;
                            recurringMonths: number;
                        }[];
                        settings: {
                            cookieDays: number;
                            defaultPercent: number;
                            defaultRecurringMonths: number;
                            disclosure: string;
                            holdDays: number;
                            whopPayments: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminAffiliates-markPaid": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reference: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payouts: {
                            affiliateId: number;
                            currency: string;
                            id: number;
                            paidAt: string;
                            reference: string;
                            total: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No affiliate has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Nothing is payable to this affiliate. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminAffiliates-linkPromotionCode": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        voided: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No affiliate has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The affiliate is suspended. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminAffiliates-setRate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    percent: number | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        voided: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No affiliate has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminAffiliates-reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        voided: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No affiliate has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminAffiliates-suspend": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        voided: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No affiliate has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminAffiliates-payoutsExport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        csv: string;
                        filename: string;
                        rows: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminAffiliates-setRule": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                plan: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    percent: number;
                    recurringMonths: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        percent: number;
                        plan: string;
                        recurringMonths: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminAffiliates-deleteRule": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                plan: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        voided: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description The plan has no rule of its own. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminAffiliates-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cookieDays: number;
                        defaultPercent: number;
                        defaultRecurringMonths: number;
                        disclosure: string;
                        holdDays: number;
                        whopPayments: boolean;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminAffiliates-saveSettings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cookieDays: number;
                    defaultPercent: number;
                    defaultRecurringMonths: number;
                    disclosure: string;
                    holdDays: number;
                    whopPayments: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cookieDays: number;
                        defaultPercent: number;
                        defaultRecurringMonths: number;
                        disclosure: string;
                        holdDays: number;
                        whopPayments: boolean;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "alertSources-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        drafts: number;
                        id: number;
                        lastAlertAt: string | null;
                        name: string;
                        notifyTelegram: boolean;
                        revokedAt: string | null;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.desk"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "alertSources-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default false */
                    notifyTelegram?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        drafts: number;
                        id: number;
                        lastAlertAt: string | null;
                        name: string;
                        notifyTelegram: boolean;
                        revokedAt: string | null;
                        token: string;
                        url: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "alertSources-revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        drafts: number;
                        id: number;
                        lastAlertAt: string | null;
                        name: string;
                        notifyTelegram: boolean;
                        revokedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            /** @description No alert source has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The source is revoked already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "analysts-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        createdAt: string;
                        deactivatedAt: string | null;
                        disclosure: string;
                        displayName: string;
                        email: string;
                        id: number;
                        rooms: string[];
                        slug: string;
                        title: string;
                        userId: number;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "audit-list": {
        parameters: {
            query?: {
                action?: string;
                actor?: string;
                from?: string;
                page?: number;
                pageSize?: number;
                target?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            action: string;
                            actorEmail: string;
                            actorId: number | null;
                            address: string;
                            after: {
                                [key: string]: unknown;
                            } | null;
                            at: string;
                            before: {
                                [key: string]: unknown;
                            } | null;
                            id: number;
                            /** @enum {string} */
                            outcome: "done" | "refused";
                            reason: string | null;
                            targetId: string | null;
                            targetType: string | null;
                        }[];
                        page: number;
                        pageSize: number;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "blacklist-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            blacklistedAt: string;
                            blacklistedBy: string | null;
                            email: string | null;
                            id: number;
                            /** @enum {string} */
                            kind: "email" | "domain" | "card" | "telegram" | "discord" | "whop";
                            reason: string | null;
                            userId: number | null;
                            value: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "blacklist-add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "email" | "domain" | "card" | "telegram" | "discord" | "whop";
                    reason: string;
                    value: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entry: {
                            blacklistedAt: string;
                            blacklistedBy: string | null;
                            email: string | null;
                            id: number;
                            /** @enum {string} */
                            kind: "email" | "domain" | "card" | "telegram" | "discord" | "whop";
                            reason: string | null;
                            userId: number | null;
                            value: string;
                        };
                        matchingAccounts: number | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description The entry is on the blacklist already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "blacklist-remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No entry has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "blacklist-preview": {
        parameters: {
            query: {
                value: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain: string;
                        matchingAccounts: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "blog-adminList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: string;
                        content: string;
                        createdAt: string;
                        excerpt: string;
                        id: number;
                        imageUrl: string | null;
                        published: boolean;
                        title: string;
                        updatedAt: string;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "operations-business": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        activeAtMonthStart: number;
                        activeSubscribers: number;
                        cancelReasons30d: {
                            byReason: {
                                count: number;
                                /** @enum {string} */
                                reason: "Too expensive" | "Not using it enough" | "Signals did not suit my trading" | "Switching to another service" | "Taking a break" | "Other";
                            }[];
                            latest: {
                                at: string;
                                email: string | null;
                                ended: boolean;
                                reason: string;
                            }[];
                            total: number;
                        };
                        cancelRequestedThisMonth: number;
                        churnRate: number | null;
                        endedThisMonth: number;
                        failedPayments30d: number;
                        freeAccess: number;
                        lastFailedPaymentAt: string | null;
                        measuredAt: string;
                        monthStart: string;
                        mrr: {
                            lines: {
                                amountCents: number;
                                currency: string;
                                subscriptions: number;
                            }[];
                            priceSource: ("stripe" | "settings") | null;
                            unpriced: number;
                        };
                        newThisMonth: number;
                        payingSubscribers: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminCommunity-overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        activeSubscribers: number;
                        discord: {
                            alerts: {
                                kind: string;
                                message: string;
                                since: string;
                                target: string;
                            }[];
                            configured: boolean;
                            lastSync: {
                                at: string;
                                differences: {
                                    /** @enum {string} */
                                    action: "removed" | "recorded" | "granted" | "none";
                                    externalId: string;
                                    /** @enum {string} */
                                    issue: "member_without_access" | "left" | "role_without_access" | "role_missing" | "not_in_server";
                                    target?: string;
                                    userId: number | null;
                                }[];
                                entitled: number;
                                error: string | null;
                                members: number;
                            } | null;
                            linkedSubscribers: number;
                            members: number;
                            target: string | null;
                            targets: {
                                alerts: {
                                    kind: string;
                                    message: string;
                                    since: string;
                                    target: string;
                                }[];
                                entitled: number;
                                linkedSubscribers: number;
                                members: number;
                                name: string;
                                rooms: string[];
                                target: string;
                            }[];
                        };
                        tasks: {
                            action: string;
                            attempts: number;
                            createdAt: string;
                            doneAt: string | null;
                            email: string | null;
                            externalId: string;
                            id: number;
                            lastError: string | null;
                            /** @enum {string} */
                            platform: "telegram" | "discord";
                            reason: string;
                            room: string | null;
                            /** @enum {string} */
                            status: "pending" | "done" | "failed" | "skipped";
                            target: string;
                            userId: number | null;
                        }[];
                        telegram: {
                            alerts: {
                                kind: string;
                                message: string;
                                since: string;
                                target: string;
                            }[];
                            configured: boolean;
                            lastSync: {
                                at: string;
                                differences: {
                                    /** @enum {string} */
                                    action: "removed" | "recorded" | "granted" | "none";
                                    externalId: string;
                                    /** @enum {string} */
                                    issue: "member_without_access" | "left" | "role_without_access" | "role_missing" | "not_in_server";
                                    target?: string;
                                    userId: number | null;
                                }[];
                                entitled: number;
                                error: string | null;
                                members: number;
                            } | null;
                            linkedSubscribers: number;
                            members: number;
                            target: string | null;
                            targets: {
                                alerts: {
                                    kind: string;
                                    message: string;
                                    since: string;
                                    target: string;
                                }[];
                                entitled: number;
                                linkedSubscribers: number;
                                members: number;
                                name: string;
                                rooms: string[];
                                target: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminCommunity-sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        discord: {
                            at: string;
                            differences: {
                                /** @enum {string} */
                                action: "removed" | "recorded" | "granted" | "none";
                                externalId: string;
                                /** @enum {string} */
                                issue: "member_without_access" | "left" | "role_without_access" | "role_missing" | "not_in_server";
                                target?: string;
                                userId: number | null;
                            }[];
                            entitled: number;
                            error: string | null;
                            members: number;
                        } | null;
                        telegram: {
                            at: string;
                            differences: {
                                /** @enum {string} */
                                action: "removed" | "recorded" | "granted" | "none";
                                externalId: string;
                                /** @enum {string} */
                                issue: "member_without_access" | "left" | "role_without_access" | "role_missing" | "not_in_server";
                                target?: string;
                                userId: number | null;
                            }[];
                            entitled: number;
                            error: string | null;
                            members: number;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "delivery-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channel: string;
                        configured: boolean;
                        desk: string | null;
                        failed: number;
                        lastError: string | null;
                        lastErrorAt: string | null;
                        medianLatencyMs: number | null;
                        oldestPendingMs: number | null;
                        pending: number;
                        sent: number;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "ledger-disputeEvidence": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accessActivityLog: string;
                        chatJoins: {
                            joinedAt: string | null;
                            platform: string;
                            status: string;
                            target: string;
                        }[];
                        consent: {
                            acceptedAt: string;
                            address: string | null;
                            pages: {
                                page: string;
                                sha256: string;
                                title: string;
                                version: number;
                            }[];
                            shown: boolean;
                            userAgent: string | null;
                        } | null;
                        customerEmailAddress: string | null;
                        disputeId: string;
                        id: number;
                        provider: string;
                        refundPolicyDisclosure: string;
                        serviceDocumentation: string;
                        signalsDelivered: {
                            at: string;
                            channel: string;
                            signalId: number | null;
                        }[];
                        signIns: {
                            address: string;
                            at: string;
                            method: string;
                            userAgent: string;
                        }[];
                        submission: {
                            sentToProvider: boolean;
                            submittedAt: string;
                            submittedBy: string | null;
                        } | null;
                        userId: number | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            /** @description No opened dispute has this ledger id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "ledger-submitDisputeEvidence": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        disputeId: string;
                        message: string;
                        submission: {
                            sentToProvider: boolean;
                            submittedAt: string;
                            submittedBy: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No opened dispute has this ledger id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Submitted already, or a dispute at no provider the product can send evidence to. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. Stripe did not take it. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "admin-emailDeliveries": {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveryStatus: string;
                        id: number;
                        /** @description ISO 8601 date-time */
                        sentAt: string;
                        signalDirection: string;
                        signalInstrument: string;
                        userEmail: string;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "operations-emailLog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        byKind: {
                            failed30d: number;
                            failedToday: number;
                            /** @enum {string} */
                            kind: "welcome" | "password_reset" | "signal" | "signal_update" | "new_device" | "endpoint_disabled" | "tokens_revoked" | "second_factor_locked" | "trial_ending" | "admin_email" | "price_alert" | "desk_message" | "payment_failed" | "payment_reminder" | "win_back";
                            sent30d: number;
                            sentToday: number;
                        }[];
                        lastFailures: {
                            createdAt: string;
                            error: string | null;
                            id: number;
                            kind: string;
                            subject: string;
                            toAddress: string;
                        }[];
                        measuredAt: string;
                        totals: {
                            failed30d: number;
                            failedToday: number;
                            sent30d: number;
                            sentToday: number;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "admin-emailSummary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        failed: number;
                        successful: number;
                        successRate: number;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "admin-fixMissingWelcomeEmails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        failed: number;
                        processed: number;
                        results: {
                            email: string;
                            error?: string;
                            id: number;
                            /** @enum {string} */
                            status: "sent" | "failed" | "sending";
                        }[];
                        sent: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "ledger-list": {
        parameters: {
            query?: {
                from?: string;
                kind?: "payment" | "refund" | "dispute_opened" | "dispute_won" | "dispute_lost";
                page?: number;
                pageSize?: number;
                to?: string;
                userId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        disputeRate: {
                            alert: boolean;
                            alertPercent: number;
                            disputesOpened: number;
                            month: string;
                            payments: number;
                            ratePercent: number | null;
                        };
                        entries: {
                            amount: number;
                            chargeId: string | null;
                            currency: string;
                            dispute: boolean;
                            fee: number | null;
                            id: number;
                            /** @enum {string} */
                            kind: "payment" | "refund" | "dispute_opened" | "dispute_won" | "dispute_lost";
                            occurredAt: string;
                            plan: string | null;
                            provider: string;
                            providerObjectId: string;
                            reportingAmount: number | null;
                            reportingCurrency: string;
                            reportingRate: number | null;
                            userEmail: string | null;
                            userId: number | null;
                        }[];
                        page: number;
                        pageSize: number;
                        reportingCurrency: string;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "ledger-export": {
        parameters: {
            query?: {
                from?: string;
                kind?: "payment" | "refund" | "dispute_opened" | "dispute_won" | "dispute_lost";
                to?: string;
                userId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        csv: string;
                        filename: string;
                        rows: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "messages-inbox": {
        parameters: {
            query?: {
                search?: string;
                status?: "open" | "closed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        threads: {
                            assignedTo: number | null;
                            assignedToEmail: string | null;
                            email: string;
                            lastMessage: string | null;
                            lastMessageAt: string;
                            name: string | null;
                            /** @enum {string} */
                            status: "open" | "closed";
                            unread: number;
                            userId: number;
                            writingStopped: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.desk"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "messages-thread": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: {
                            createdAt: string;
                            id: number;
                            imageUrl: string | null;
                            isFromAdmin: boolean;
                            isRead: boolean;
                            message: string | null;
                            readAt: string | null;
                            userId: number;
                        }[];
                        notice: string;
                        thread: {
                            assignedTo: number | null;
                            assignedToEmail: string | null;
                            email: string;
                            lastMessage: string | null;
                            lastMessageAt: string;
                            name: string | null;
                            /** @enum {string} */
                            status: "open" | "closed";
                            unread: number;
                            userId: number;
                            writingStopped: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.desk"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "messages-reply": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    imageUrl?: string;
                    message?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        id: number;
                        imageUrl: string | null;
                        isFromAdmin: boolean;
                        isRead: boolean;
                        message: string | null;
                        readAt: string | null;
                        userId: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "messages-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    assignedTo?: number | null;
                    /** @enum {string} */
                    status?: "open" | "closed";
                    writingStopped?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assignedTo: number | null;
                        assignedToEmail: string | null;
                        email: string;
                        lastMessage: string | null;
                        lastMessageAt: string;
                        name: string | null;
                        /** @enum {string} */
                        status: "open" | "closed";
                        unread: number;
                        userId: number;
                        writingStopped: boolean;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description A cross-site request (its `Origin` is another site). A `read` API token on a write. Neither an administrator nor an active analyst, or either whose session has not given its second factor, or who has none where it is required (`secondFactor`); an analyst outside their rooms, or on what is not their own. An analyst stopping or allowing writing (administrators only). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "messages-markRead": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        marked: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "messages-savedReplies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        replies: {
                            createdAt: string;
                            id: number;
                            text: string;
                            title: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.desk"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "messages-createSavedReply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                    title: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        id: number;
                        text: string;
                        title: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description The desk keeps 100 saved replies already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "messages-deleteSavedReply": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No saved reply has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "messages-updateSavedReply": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text?: string;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        id: number;
                        text: string;
                        title: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No saved reply has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "ledger-revenue": {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cohorts: {
                            active: number[];
                            month: string;
                            size: number;
                        }[];
                        from: string;
                        measuredAt: string;
                        months: {
                            activeHolders: number;
                            churnedHolders: number;
                            churnedMrr: number;
                            churnRate: number | null;
                            contractionMrr: number;
                            disputes: {
                                lost: number;
                                lostAmount: number;
                                opened: number;
                                openedAmount: number;
                                won: number;
                            };
                            expansionMrr: number;
                            holdersStart: number;
                            involuntaryChurn: number;
                            involuntaryChurnRate: number | null;
                            month: string;
                            mrr: number;
                            mrrStart: number;
                            netRevenue: number;
                            newHolders: number;
                            newMrr: number;
                            notConverted: number;
                            payments: {
                                amount: number;
                                count: number;
                            };
                            refunds: {
                                amount: number;
                                count: number;
                            };
                            trialConversionRate: number | null;
                            trialsConverted: number;
                            trialsRunning: number;
                            trialsStarted: number;
                            unpricedHolders: number;
                            voluntaryChurn: number;
                            voluntaryChurnRate: number | null;
                        }[];
                        plans: {
                            arpu: number | null;
                            averageHolders: number;
                            churnRate: number | null;
                            ltv: number | null;
                            name: string;
                            netRevenue: number;
                            plan: string;
                        }[];
                        reportingCurrency: string;
                        to: string;
                        totals: {
                            arpu: number | null;
                            averageHolders: number;
                            churnRate: number | null;
                            ltv: number | null;
                            netRevenue: number;
                            notConverted: number;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "ledger-revenueExport": {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        csv: string;
                        filename: string;
                        rows: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "operations-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channels: {
                            deliveryRate30d: number | null;
                            failed30d: number;
                            sent30d: number;
                            skipped30d: number;
                        };
                        email: {
                            allFailedToday: number;
                            allSentToday: number;
                            deliveryRate30d: number | null;
                            failed30d: number;
                            failedToday: number;
                            lastFailureAt: string | null;
                            sent30d: number;
                            sentToday: number;
                            welcomePending: number;
                        };
                        health: {
                            database: {
                                checkedAt: string;
                                detail: string;
                                latencyMs: number;
                                ok: boolean | null;
                            };
                            deliveries: {
                                checkedAt: string;
                                detail: string;
                                ok: boolean | null;
                                outboxOldestMs: number | null;
                                outboxWaiting: number;
                                stuck: number;
                            };
                            jobs: {
                                checkedAt: string;
                                detail: string;
                                lagMs: number | null;
                                ok: boolean | null;
                                waiting: number | null;
                            };
                            live: {
                                checkedAt: string;
                                detail: string;
                                ok: boolean | null;
                                openStreams: number | null;
                            };
                            mail: {
                                checkedAt: string;
                                detail: string;
                                ok: boolean | null;
                                /** @enum {string} */
                                transport: "smtp" | "file";
                            };
                            payments: {
                                checkedAt: string;
                                detail: string;
                                lastEventAt: string | null;
                                lastEventType: string | null;
                                /** @enum {string} */
                                mode: "stripe" | "local" | "none";
                                ok: boolean | null;
                            };
                        };
                        measuredAt: string;
                        signals: {
                            finished: number;
                            open: number;
                            published: number;
                        };
                        subscribers: {
                            active: number;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "plans-adminList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        archivedAt: string | null;
                        description: string;
                        holders: number;
                        interval: ("month" | "year") | null;
                        intervalCount: number | null;
                        isDefault: boolean;
                        key: string;
                        listed: boolean;
                        name: string;
                        ownPrice: {
                            amountCents: number;
                            currency: string;
                        } | null;
                        passDays: number | null;
                        position: number;
                        price: {
                            amountCents: number;
                            currency: string;
                        } | null;
                        rooms: {
                            name: string;
                            slug: string;
                        }[];
                        stripePriceId: string | null;
                        /** @enum {string} */
                        terms: "recurring" | "pass" | "lifetime" | "free";
                        trialDays: number | null;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "plans-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default null */
                    amountCents?: number | null;
                    currency?: string | null;
                    /** @default  */
                    description?: string;
                    /** @default null */
                    interval?: ("month" | "year") | null;
                    /** @default null */
                    intervalCount?: number | null;
                    key: string;
                    /** @default true */
                    listed?: boolean;
                    name: string;
                    /** @default null */
                    passDays?: number | null;
                    position?: number;
                    rooms: string[];
                    /** @default null */
                    stripePriceId?: string | null;
                    /** @enum {string} */
                    terms: "recurring" | "pass" | "lifetime" | "free";
                    /** @default null */
                    trialDays?: number | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        archivedAt: string | null;
                        description: string;
                        holders: number;
                        interval: ("month" | "year") | null;
                        intervalCount: number | null;
                        isDefault: boolean;
                        key: string;
                        listed: boolean;
                        name: string;
                        ownPrice: {
                            amountCents: number;
                            currency: string;
                        } | null;
                        passDays: number | null;
                        position: number;
                        price: {
                            amountCents: number;
                            currency: string;
                        } | null;
                        rooms: {
                            name: string;
                            slug: string;
                        }[];
                        stripePriceId: string | null;
                        /** @enum {string} */
                        terms: "recurring" | "pass" | "lifetime" | "free";
                        trialDays: number | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "plans-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amountCents?: number | null;
                    currency?: string | null;
                    description?: string;
                    interval?: ("month" | "year") | null;
                    intervalCount?: number | null;
                    listed?: boolean;
                    name?: string;
                    passDays?: number | null;
                    position?: number;
                    rooms?: string[];
                    stripePriceId?: string | null;
                    /** @enum {string} */
                    terms?: "recurring" | "pass" | "lifetime" | "free";
                    trialDays?: number | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        archivedAt: string | null;
                        description: string;
                        holders: number;
                        interval: ("month" | "year") | null;
                        intervalCount: number | null;
                        isDefault: boolean;
                        key: string;
                        listed: boolean;
                        name: string;
                        ownPrice: {
                            amountCents: number;
                            currency: string;
                        } | null;
                        passDays: number | null;
                        position: number;
                        price: {
                            amountCents: number;
                            currency: string;
                        } | null;
                        rooms: {
                            name: string;
                            slug: string;
                        }[];
                        stripePriceId: string | null;
                        /** @enum {string} */
                        terms: "recurring" | "pass" | "lifetime" | "free";
                        trialDays: number | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No plan has this key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "plans-archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        archivedAt: string | null;
                        description: string;
                        holders: number;
                        interval: ("month" | "year") | null;
                        intervalCount: number | null;
                        isDefault: boolean;
                        key: string;
                        listed: boolean;
                        name: string;
                        ownPrice: {
                            amountCents: number;
                            currency: string;
                        } | null;
                        passDays: number | null;
                        position: number;
                        price: {
                            amountCents: number;
                            currency: string;
                        } | null;
                        rooms: {
                            name: string;
                            slug: string;
                        }[];
                        stripePriceId: string | null;
                        /** @enum {string} */
                        terms: "recurring" | "pass" | "lifetime" | "free";
                        trialDays: number | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No plan has this key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "plans-figures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        measuredAt: string;
                        plans: {
                            archivedAt: string | null;
                            endedGrants: number;
                            holders: number;
                            interval: ("month" | "year") | null;
                            intervalCount: number | null;
                            key: string;
                            name: string;
                            newGrants: number;
                            paidSubscriptions: number;
                            price: {
                                amountCents: number;
                                currency: string;
                            } | null;
                            recurringRevenue: {
                                amountCents: number;
                                currency: string;
                                subscriptions: number;
                            } | null;
                            /** @enum {string} */
                            terms: "recurring" | "pass" | "lifetime" | "free";
                        }[];
                        since: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminPromotions-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        canCreate: boolean;
                        codes: {
                            active: boolean;
                            affiliateCode: string | null;
                            affiliateId: number | null;
                            amountOffCents: number | null;
                            appliesToProducts: string[];
                            code: string;
                            createdAt: string;
                            currency: string | null;
                            expiresAt: string | null;
                            id: string;
                            label: string;
                            maxRedemptions: number | null;
                            percentOff: number | null;
                            plans: string[];
                            timesRedeemed: number;
                        }[];
                        redemptions: {
                            code: string | null;
                            currency: string | null;
                            discountCents: number | null;
                            email: string | null;
                            invoice: string | null;
                            redeemedAt: string;
                        }[];
                        /** @enum {string} */
                        source: "stripe" | "local" | "none";
                        unavailable: boolean;
                        winBackFailures: {
                            email: string | null;
                            endedAt: string | null;
                            failedAt: string;
                            failure: string;
                            subscriptionId: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminPromotions-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default null */
                    affiliateId?: number | null;
                    /** @default null */
                    amountOffCents?: number | null;
                    code: string;
                    currency?: string | null;
                    /** @default null */
                    expiresAt?: string | null;
                    /** @default null */
                    maxRedemptions?: number | null;
                    /** @default null */
                    percentOff?: number | null;
                    plans?: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        affiliateCode: string | null;
                        affiliateId: number | null;
                        amountOffCents: number | null;
                        appliesToProducts: string[];
                        code: string;
                        createdAt: string;
                        currency: string | null;
                        expiresAt: string | null;
                        id: string;
                        label: string;
                        maxRedemptions: number | null;
                        percentOff: number | null;
                        plans: string[];
                        timesRedeemed: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description The code exists, or codes are made in the Stripe Dashboard. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminPromotions-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    affiliateId?: number | null;
                    plans?: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        affiliateCode: string | null;
                        affiliateId: number | null;
                        amountOffCents: number | null;
                        appliesToProducts: string[];
                        code: string;
                        createdAt: string;
                        currency: string | null;
                        expiresAt: string | null;
                        id: string;
                        label: string;
                        maxRedemptions: number | null;
                        percentOff: number | null;
                        plans: string[];
                        timesRedeemed: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No local promotion code has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Codes are limited in the Stripe Dashboard (their coupon applies to products). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "rooms-adminList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        archivedAt: string | null;
                        chatLanguage: string;
                        description: string;
                        discordRoleId: string | null;
                        instruments: string[];
                        isDefault: boolean;
                        members: number;
                        name: string;
                        position: number;
                        slug: string;
                        telegramChatId: string | null;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "rooms-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default en */
                    chatLanguage?: string;
                    /** @default  */
                    description?: string;
                    /** @default null */
                    discordRoleId?: string | null;
                    /** @default [] */
                    instruments?: string[];
                    name: string;
                    position?: number;
                    slug: string;
                    /** @default null */
                    telegramChatId?: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        archivedAt: string | null;
                        chatLanguage: string;
                        description: string;
                        discordRoleId: string | null;
                        instruments: string[];
                        isDefault: boolean;
                        members: number;
                        name: string;
                        position: number;
                        slug: string;
                        telegramChatId: string | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "rooms-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    chatLanguage?: string;
                    description?: string;
                    discordRoleId?: string | null;
                    instruments?: string[];
                    name?: string;
                    position?: number;
                    telegramChatId?: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        archivedAt: string | null;
                        chatLanguage: string;
                        description: string;
                        discordRoleId: string | null;
                        instruments: string[];
                        isDefault: boolean;
                        members: number;
                        name: string;
                        position: number;
                        slug: string;
                        telegramChatId: string | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No room has this slug. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "rooms-archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        archivedAt: string | null;
                        chatLanguage: string;
                        description: string;
                        discordRoleId: string | null;
                        instruments: string[];
                        isDefault: boolean;
                        members: number;
                        name: string;
                        position: number;
                        slug: string;
                        telegramChatId: string | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No room has this slug. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The default room cannot be archived. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "signalDrafts-list": {
        parameters: {
            query?: {
                state?: "pending" | "published" | "discarded";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        direction: string;
                        entryPrice: number;
                        id: number;
                        instrument: string;
                        memo: string;
                        monthlyBias: string;
                        /** @enum {string} */
                        orderType: "market" | "limit" | "stop";
                        received: number;
                        signalId: number | null;
                        slPrice: number;
                        sourceId: number | null;
                        sourceName: string | null;
                        /** @enum {string} */
                        state: "pending" | "published" | "discarded";
                        t0Price: number;
                        t0Share: number;
                        t1Price: number;
                        updatedAt: string;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.desk"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "signalDrafts-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    direction?: "long" | "short";
                    entryPrice?: number | string;
                    instrument?: string;
                    memo?: string;
                    monthlyBias?: string;
                    /** @enum {string} */
                    orderType?: "market" | "limit" | "stop";
                    slPrice?: number | string;
                    t0Price?: number | string;
                    t0Share?: number | string;
                    t1Price?: number | string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        direction: string;
                        entryPrice: number;
                        id: number;
                        instrument: string;
                        memo: string;
                        monthlyBias: string;
                        /** @enum {string} */
                        orderType: "market" | "limit" | "stop";
                        received: number;
                        signalId: number | null;
                        slPrice: number;
                        sourceId: number | null;
                        sourceName: string | null;
                        /** @enum {string} */
                        state: "pending" | "published" | "discarded";
                        t0Price: number;
                        t0Share: number;
                        t1Price: number;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            /** @description No draft has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The draft was published or discarded already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "signalDrafts-discard": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        direction: string;
                        entryPrice: number;
                        id: number;
                        instrument: string;
                        memo: string;
                        monthlyBias: string;
                        /** @enum {string} */
                        orderType: "market" | "limit" | "stop";
                        received: number;
                        signalId: number | null;
                        slPrice: number;
                        sourceId: number | null;
                        sourceName: string | null;
                        /** @enum {string} */
                        state: "pending" | "published" | "discarded";
                        t0Price: number;
                        t0Share: number;
                        t1Price: number;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            /** @description No draft has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The draft was published or discarded already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "signalDrafts-publish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: {
                            name: string;
                            slug: string;
                            title: string;
                        } | null;
                        closedAt: string | null;
                        closeReason: string | null;
                        /** @description When the production of the recommendation was completed (ISO 8601): the publish request, or the approval of the draft (EU MAR Art. 20 labels) */
                        completedAt: string;
                        confidence: number;
                        createdAt: string;
                        currentPrice: number | null;
                        demo: boolean;
                        direction: string;
                        entryPrice: number;
                        exitPrice: number | null;
                        expiresAt: string | null;
                        id: number;
                        instrument: string;
                        memo: string;
                        monthlyBias: string;
                        openShare: number;
                        orderType: string;
                        parts: {
                            /** @enum {string} */
                            kind: "t0" | "manual" | "exit";
                            price: number;
                            share: number;
                        }[];
                        /** @description When the recommendation was first released (ISO 8601): its publication, which a later correction of createdAt does not move */
                        releasedAt: string;
                        result: {
                            pips: number;
                            r: number;
                        } | null;
                        riskPips: number | null;
                        room: string;
                        slPrice: number;
                        /** @enum {string} */
                        status: "active" | "paused" | "closed" | "limit" | "cancelled" | "withdrawn";
                        stopToEntry: boolean;
                        t0Hit: boolean;
                        t0Price: number;
                        t0Share: number;
                        t1Price: number;
                        targetPrice: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            /** @description No draft has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The draft was published or discarded already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. A market draft and no live price for its instrument. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "journal-signalTakers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        closed: number;
                        /** @description From 5 takers up */
                        medianSlippagePips: number | null;
                        /** @description Share of their closed trades above 0 R, from 5 takers up */
                        profitShare: number | null;
                        signalId: number;
                        skipped: number;
                        /** @description Subscribers who marked it taken */
                        takers: number;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "site-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        brokerWidgetUrl: string;
                        /** @enum {string} */
                        defaultLanguage: "en" | "es" | "pt-BR" | "ar";
                        defaultSupportEmail: string;
                        disputeRateAlertPercent: number;
                        /** @enum {string} */
                        dunningEmails: "stripe" | "t0";
                        leaderboardPublic: boolean;
                        legal: {
                            disclosures: string;
                            privacy: string;
                            refund: string;
                            risk: string;
                            terms: string;
                        };
                        legalPerson: string;
                        marketing: {
                            activeSignals: string;
                            activeTraders: string;
                            marketMoves: string;
                            signals: string;
                            support: string;
                            traders: string;
                        };
                        marketingLive: boolean;
                        prescribedStatement: boolean;
                        reportingCurrency: string;
                        supportEmail: "" | string;
                        trialDays: {
                            monthly: number;
                            yearly: number;
                        };
                        updatedAt: string | null;
                        winBack: {
                            days: number;
                            durationMonths: number;
                            enabled: boolean;
                            percentOff: number;
                        };
                    };
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "site-updateSettings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    brokerWidgetUrl?: "" | string;
                    /** @enum {string} */
                    defaultLanguage?: "en" | "es" | "pt-BR" | "ar";
                    disputeRateAlertPercent?: number;
                    /** @enum {string} */
                    dunningEmails?: "stripe" | "t0";
                    leaderboardPublic?: boolean;
                    legal: {
                        disclosures?: string;
                        privacy: string;
                        refund?: string;
                        risk: string;
                        terms: string;
                    };
                    legalPerson?: string;
                    marketing: {
                        activeSignals: string;
                        activeTraders: string;
                        marketMoves: string;
                        signals: string;
                        support: string;
                        traders: string;
                    };
                    marketingLive: boolean;
                    prescribedStatement?: boolean;
                    reportingCurrency?: string;
                    supportEmail: "" | string;
                    trialDays?: {
                        monthly: number;
                        yearly: number;
                    };
                    winBack?: {
                        days: number;
                        durationMonths: number;
                        enabled: boolean;
                        percentOff: number;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        brokerWidgetUrl: string;
                        /** @enum {string} */
                        defaultLanguage: "en" | "es" | "pt-BR" | "ar";
                        defaultSupportEmail: string;
                        disputeRateAlertPercent: number;
                        /** @enum {string} */
                        dunningEmails: "stripe" | "t0";
                        leaderboardPublic: boolean;
                        legal: {
                            disclosures: string;
                            privacy: string;
                            refund: string;
                            risk: string;
                            terms: string;
                        };
                        legalPerson: string;
                        marketing: {
                            activeSignals: string;
                            activeTraders: string;
                            marketMoves: string;
                            signals: string;
                            support: string;
                            traders: string;
                        };
                        marketingLive: boolean;
                        prescribedStatement: boolean;
                        reportingCurrency: string;
                        supportEmail: "" | string;
                        trialDays: {
                            monthly: number;
                            yearly: number;
                        };
                        updatedAt: string | null;
                        winBack: {
                            days: number;
                            durationMonths: number;
                            enabled: boolean;
                            percentOff: number;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "admin-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 date-time */
                        createdAt: string;
                        deviceInfo: string | null;
                        email: string;
                        emailNotificationsEnabled: boolean;
                        firstName: string | null;
                        hasActiveSubscription: boolean;
                        id: number;
                        ipAddress: string | null;
                        isAdmin: boolean;
                        lastLoginAt: string | null;
                        lastName: string | null;
                        location: string | null;
                        paymentProvider: ("stripe" | "local") | null;
                        sessionId: string | null;
                        stripeCustomerId: string | null;
                        subscriptionStatus: string;
                        /** @description ISO 8601 date-time */
                        updatedAt: string;
                        welcomeEmailSentAt: string | null;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminUsers-setAdmin": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    admin: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: {
                            account: {
                                accessUntil: string | null;
                                activeSessions: number;
                                adminByConfig: boolean;
                                createdAt: string;
                                email: string;
                                emailNotificationsEnabled: boolean;
                                firstName: string | null;
                                freeAccessUntil: string | null;
                                hasAccess: boolean;
                                hasPassword: boolean;
                                id: number;
                                isAdmin: boolean;
                                lastLoginAt: string | null;
                                lastName: string | null;
                                /** @enum {string} */
                                status: "active" | "free" | "past_due" | "cancelling" | "ended" | "none";
                                subscriptionStatus: string;
                                welcomeEmailSentAt: string | null;
                            };
                            deliveries: {
                                attempts: number;
                                channel: string;
                                createdAt: string;
                                error: string | null;
                                event: string;
                                id: number;
                                sentAt: string | null;
                                status: string;
                            }[];
                            grants: {
                                endedAt: string | null;
                                endsAt: string | null;
                                id: number;
                                plan: {
                                    key: string;
                                    name: string;
                                };
                                rooms: {
                                    name: string;
                                    slug: string;
                                }[];
                                source: string;
                                sourceRef: string | null;
                                startsAt: string;
                                /** @enum {string} */
                                state: "current" | "upcoming" | "ended";
                            }[];
                            invoices: {
                                amountCents: number;
                                createdAt: string;
                                currency: string;
                                id: number;
                                number: string;
                                periodEnd: string;
                                periodStart: string;
                                status: string;
                            }[];
                            logins: {
                                address: string;
                                at: string;
                                browser: string;
                                device: string;
                                method: string;
                                userAgent: string;
                            }[];
                            notes: {
                                authorEmail: string;
                                body: string;
                                createdAt: string;
                                id: number;
                            }[];
                            olderGrants: number;
                            pendingPayments: {
                                completedAt: string | null;
                                createdAt: string;
                                expiresAt: string | null;
                                id: number;
                                plan: string;
                                provider: string | null;
                            }[];
                            providerInvoices: {
                                amountCents: number;
                                createdAt: string;
                                creditCents: number;
                                currency: string;
                                description: string | null;
                                discountCents: number;
                                id: string;
                                number: string | null;
                                status: string;
                                url: string | null;
                            }[];
                            providerInvoicesUnavailable: boolean;
                            subscription: {
                                cancelAtPeriodEnd: boolean;
                                cancelReason: string | null;
                                card: string | null;
                                currentPeriodEnd: string | null;
                                id: string;
                                pastDueSince: string | null;
                                plan: string | null;
                                provider: string;
                                status: string;
                            } | null;
                        };
                        message: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No user has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Your own role, or an address in ADMIN_EMAILS. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "analysts-upsert": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    disclosure?: string;
                    displayName: string;
                    rooms?: string[];
                    slug?: string;
                    /** @default  */
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        createdAt: string;
                        deactivatedAt: string | null;
                        disclosure: string;
                        displayName: string;
                        email: string;
                        id: number;
                        rooms: string[];
                        slug: string;
                        title: string;
                        userId: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No user has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "analysts-deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        createdAt: string;
                        deactivatedAt: string | null;
                        disclosure: string;
                        displayName: string;
                        email: string;
                        id: number;
                        rooms: string[];
                        slug: string;
                        title: string;
                        userId: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description The user is no analyst. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The analyst is deactivated already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminUsers-blacklist": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: {
                            account: {
                                accessUntil: string | null;
                                activeSessions: number;
                                adminByConfig: boolean;
                                createdAt: string;
                                email: string;
                                emailNotificationsEnabled: boolean;
                                firstName: string | null;
                                freeAccessUntil: string | null;
                                hasAccess: boolean;
                                hasPassword: boolean;
                                id: number;
                                isAdmin: boolean;
                                lastLoginAt: string | null;
                                lastName: string | null;
                                /** @enum {string} */
                                status: "active" | "free" | "past_due" | "cancelling" | "ended" | "none";
                                subscriptionStatus: string;
                                welcomeEmailSentAt: string | null;
                            };
                            deliveries: {
                                attempts: number;
                                channel: string;
                                createdAt: string;
                                error: string | null;
                                event: string;
                                id: number;
                                sentAt: string | null;
                                status: string;
                            }[];
                            grants: {
                                endedAt: string | null;
                                endsAt: string | null;
                                id: number;
                                plan: {
                                    key: string;
                                    name: string;
                                };
                                rooms: {
                                    name: string;
                                    slug: string;
                                }[];
                                source: string;
                                sourceRef: string | null;
                                startsAt: string;
                                /** @enum {string} */
                                state: "current" | "upcoming" | "ended";
                            }[];
                            invoices: {
                                amountCents: number;
                                createdAt: string;
                                currency: string;
                                id: number;
                                number: string;
                                periodEnd: string;
                                periodStart: string;
                                status: string;
                            }[];
                            logins: {
                                address: string;
                                at: string;
                                browser: string;
                                device: string;
                                method: string;
                                userAgent: string;
                            }[];
                            notes: {
                                authorEmail: string;
                                body: string;
                                createdAt: string;
                                id: number;
                            }[];
                            olderGrants: number;
                            pendingPayments: {
                                completedAt: string | null;
                                createdAt: string;
                                expiresAt: string | null;
                                id: number;
                                plan: string;
                                provider: string | null;
                            }[];
                            providerInvoices: {
                                amountCents: number;
                                createdAt: string;
                                creditCents: number;
                                currency: string;
                                description: string | null;
                                discountCents: number;
                                id: string;
                                number: string | null;
                                status: string;
                                url: string | null;
                            }[];
                            providerInvoicesUnavailable: boolean;
                            subscription: {
                                cancelAtPeriodEnd: boolean;
                                cancelReason: string | null;
                                card: string | null;
                                currentPeriodEnd: string | null;
                                id: string;
                                pastDueSince: string | null;
                                plan: string | null;
                                provider: string;
                                status: string;
                            } | null;
                        };
                        message: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No user has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Your own account. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. Stripe is not configured here, or cannot be reached. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "adminUsers-cancelAtPeriodEnd": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: {
                            account: {
                                accessUntil: string | null;
                                activeSessions: number;
                                adminByConfig: boolean;
                                createdAt: string;
                                email: string;
                                emailNotificationsEnabled: boolean;
                                firstName: string | null;
                                freeAccessUntil: string | null;
                                hasAccess: boolean;
                                hasPassword: boolean;
                                id: number;
                                isAdmin: boolean;
                                lastLoginAt: string | null;
                                lastName: string | null;
                                /** @enum {string} */
                                status: "active" | "free" | "past_due" | "cancelling" | "ended" | "none";
                                subscriptionStatus: string;
                                welcomeEmailSentAt: string | null;
                            };
                            deliveries: {
                                attempts: number;
                                channel: string;
                                createdAt: string;
                                error: string | null;
                                event: string;
                                id: number;
                                sentAt: string | null;
                                status: string;
                            }[];
                            grants: {
                                endedAt: string | null;
                                endsAt: string | null;
                                id: number;
                                plan: {
                                    key: string;
                                    name: string;
                                };
                                rooms: {
                                    name: string;
                                    slug: string;
                                }[];
                                source: string;
                                sourceRef: string | null;
                                startsAt: string;
                                /** @enum {string} */
                                state: "current" | "upcoming" | "ended";
                            }[];
                            invoices: {
                                amountCents: number;
                                createdAt: string;
                                currency: string;
                                id: number;
                                number: string;
                                periodEnd: string;
                                periodStart: string;
                                status: string;
                            }[];
                            logins: {
                                address: string;
                                at: string;
                                browser: string;
                                device: string;
                                method: string;
                                userAgent: string;
                            }[];
                            notes: {
                                authorEmail: string;
                                body: string;
                                createdAt: string;
                                id: number;
                            }[];
                            olderGrants: number;
                            pendingPayments: {
                                completedAt: string | null;
                                createdAt: string;
                                expiresAt: string | null;
                                id: number;
                                plan: string;
                                provider: string | null;
                            }[];
                            providerInvoices: {
                                amountCents: number;
                                createdAt: string;
                                creditCents: number;
                                currency: string;
                                description: string | null;
                                discountCents: number;
                                id: string;
                                number: string | null;
                                status: string;
                                url: string | null;
                            }[];
                            providerInvoicesUnavailable: boolean;
                            subscription: {
                                cancelAtPeriodEnd: boolean;
                                cancelReason: string | null;
                                card: string | null;
                                currentPeriodEnd: string | null;
                                id: string;
                                pastDueSince: string | null;
                                plan: string | null;
                                provider: string;
                                status: string;
                            } | null;
                        };
                        message: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No user has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description No active subscription to cancel. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. Stripe cannot be reached. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "adminCommunity-userTasks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tasks: {
                            action: string;
                            attempts: number;
                            createdAt: string;
                            doneAt: string | null;
                            email: string | null;
                            externalId: string;
                            id: number;
                            lastError: string | null;
                            /** @enum {string} */
                            platform: "telegram" | "discord";
                            reason: string;
                            room: string | null;
                            /** @enum {string} */
                            status: "pending" | "done" | "failed" | "skipped";
                            target: string;
                            userId: number | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminUsers-detail": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: {
                            accessUntil: string | null;
                            activeSessions: number;
                            adminByConfig: boolean;
                            createdAt: string;
                            email: string;
                            emailNotificationsEnabled: boolean;
                            firstName: string | null;
                            freeAccessUntil: string | null;
                            hasAccess: boolean;
                            hasPassword: boolean;
                            id: number;
                            isAdmin: boolean;
                            lastLoginAt: string | null;
                            lastName: string | null;
                            /** @enum {string} */
                            status: "active" | "free" | "past_due" | "cancelling" | "ended" | "none";
                            subscriptionStatus: string;
                            welcomeEmailSentAt: string | null;
                        };
                        deliveries: {
                            attempts: number;
                            channel: string;
                            createdAt: string;
                            error: string | null;
                            event: string;
                            id: number;
                            sentAt: string | null;
                            status: string;
                        }[];
                        grants: {
                            endedAt: string | null;
                            endsAt: string | null;
                            id: number;
                            plan: {
                                key: string;
                                name: string;
                            };
                            rooms: {
                                name: string;
                                slug: string;
                            }[];
                            source: string;
                            sourceRef: string | null;
                            startsAt: string;
                            /** @enum {string} */
                            state: "current" | "upcoming" | "ended";
                        }[];
                        invoices: {
                            amountCents: number;
                            createdAt: string;
                            currency: string;
                            id: number;
                            number: string;
                            periodEnd: string;
                            periodStart: string;
                            status: string;
                        }[];
                        logins: {
                            address: string;
                            at: string;
                            browser: string;
                            device: string;
                            method: string;
                            userAgent: string;
                        }[];
                        notes: {
                            authorEmail: string;
                            body: string;
                            createdAt: string;
                            id: number;
                        }[];
                        olderGrants: number;
                        pendingPayments: {
                            completedAt: string | null;
                            createdAt: string;
                            expiresAt: string | null;
                            id: number;
                            plan: string;
                            provider: string | null;
                        }[];
                        providerInvoices: {
                            amountCents: number;
                            createdAt: string;
                            creditCents: number;
                            currency: string;
                            description: string | null;
                            discountCents: number;
                            id: string;
                            number: string | null;
                            status: string;
                            url: string | null;
                        }[];
                        providerInvoicesUnavailable: boolean;
                        subscription: {
                            cancelAtPeriodEnd: boolean;
                            cancelReason: string | null;
                            card: string | null;
                            currentPeriodEnd: string | null;
                            id: string;
                            pastDueSince: string | null;
                            plan: string | null;
                            provider: string;
                            status: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            /** @description No user has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminUsers-endAccess": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: {
                            account: {
                                accessUntil: string | null;
                                activeSessions: number;
                                adminByConfig: boolean;
                                createdAt: string;
                                email: string;
                                emailNotificationsEnabled: boolean;
                                firstName: string | null;
                                freeAccessUntil: string | null;
                                hasAccess: boolean;
                                hasPassword: boolean;
                                id: number;
                                isAdmin: boolean;
                                lastLoginAt: string | null;
                                lastName: string | null;
                                /** @enum {string} */
                                status: "active" | "free" | "past_due" | "cancelling" | "ended" | "none";
                                subscriptionStatus: string;
                                welcomeEmailSentAt: string | null;
                            };
                            deliveries: {
                                attempts: number;
                                channel: string;
                                createdAt: string;
                                error: string | null;
                                event: string;
                                id: number;
                                sentAt: string | null;
                                status: string;
                            }[];
                            grants: {
                                endedAt: string | null;
                                endsAt: string | null;
                                id: number;
                                plan: {
                                    key: string;
                                    name: string;
                                };
                                rooms: {
                                    name: string;
                                    slug: string;
                                }[];
                                source: string;
                                sourceRef: string | null;
                                startsAt: string;
                                /** @enum {string} */
                                state: "current" | "upcoming" | "ended";
                            }[];
                            invoices: {
                                amountCents: number;
                                createdAt: string;
                                currency: string;
                                id: number;
                                number: string;
                                periodEnd: string;
                                periodStart: string;
                                status: string;
                            }[];
                            logins: {
                                address: string;
                                at: string;
                                browser: string;
                                device: string;
                                method: string;
                                userAgent: string;
                            }[];
                            notes: {
                                authorEmail: string;
                                body: string;
                                createdAt: string;
                                id: number;
                            }[];
                            olderGrants: number;
                            pendingPayments: {
                                completedAt: string | null;
                                createdAt: string;
                                expiresAt: string | null;
                                id: number;
                                plan: string;
                                provider: string | null;
                            }[];
                            providerInvoices: {
                                amountCents: number;
                                createdAt: string;
                                creditCents: number;
                                currency: string;
                                description: string | null;
                                discountCents: number;
                                id: string;
                                number: string | null;
                                status: string;
                                url: string | null;
                            }[];
                            providerInvoicesUnavailable: boolean;
                            subscription: {
                                cancelAtPeriodEnd: boolean;
                                cancelReason: string | null;
                                card: string | null;
                                currentPeriodEnd: string | null;
                                id: string;
                                pastDueSince: string | null;
                                plan: string | null;
                                provider: string;
                                status: string;
                            } | null;
                        };
                        message: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No user has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The user has no access to end. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. Stripe is not configured here, or cannot be reached. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "adminUsers-grantDays": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    days: number;
                    plan?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: {
                            account: {
                                accessUntil: string | null;
                                activeSessions: number;
                                adminByConfig: boolean;
                                createdAt: string;
                                email: string;
                                emailNotificationsEnabled: boolean;
                                firstName: string | null;
                                freeAccessUntil: string | null;
                                hasAccess: boolean;
                                hasPassword: boolean;
                                id: number;
                                isAdmin: boolean;
                                lastLoginAt: string | null;
                                lastName: string | null;
                                /** @enum {string} */
                                status: "active" | "free" | "past_due" | "cancelling" | "ended" | "none";
                                subscriptionStatus: string;
                                welcomeEmailSentAt: string | null;
                            };
                            deliveries: {
                                attempts: number;
                                channel: string;
                                createdAt: string;
                                error: string | null;
                                event: string;
                                id: number;
                                sentAt: string | null;
                                status: string;
                            }[];
                            grants: {
                                endedAt: string | null;
                                endsAt: string | null;
                                id: number;
                                plan: {
                                    key: string;
                                    name: string;
                                };
                                rooms: {
                                    name: string;
                                    slug: string;
                                }[];
                                source: string;
                                sourceRef: string | null;
                                startsAt: string;
                                /** @enum {string} */
                                state: "current" | "upcoming" | "ended";
                            }[];
                            invoices: {
                                amountCents: number;
                                createdAt: string;
                                currency: string;
                                id: number;
                                number: string;
                                periodEnd: string;
                                periodStart: string;
                                status: string;
                            }[];
                            logins: {
                                address: string;
                                at: string;
                                browser: string;
                                device: string;
                                method: string;
                                userAgent: string;
                            }[];
                            notes: {
                                authorEmail: string;
                                body: string;
                                createdAt: string;
                                id: number;
                            }[];
                            olderGrants: number;
                            pendingPayments: {
                                completedAt: string | null;
                                createdAt: string;
                                expiresAt: string | null;
                                id: number;
                                plan: string;
                                provider: string | null;
                            }[];
                            providerInvoices: {
                                amountCents: number;
                                createdAt: string;
                                creditCents: number;
                                currency: string;
                                description: string | null;
                                discountCents: number;
                                id: string;
                                number: string | null;
                                status: string;
                                url: string | null;
                            }[];
                            providerInvoicesUnavailable: boolean;
                            subscription: {
                                cancelAtPeriodEnd: boolean;
                                cancelReason: string | null;
                                card: string | null;
                                currentPeriodEnd: string | null;
                                id: string;
                                pastDueSince: string | null;
                                plan: string | null;
                                provider: string;
                                status: string;
                            } | null;
                        };
                        message: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No user has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminUsers-addNote": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: {
                            account: {
                                accessUntil: string | null;
                                activeSessions: number;
                                adminByConfig: boolean;
                                createdAt: string;
                                email: string;
                                emailNotificationsEnabled: boolean;
                                firstName: string | null;
                                freeAccessUntil: string | null;
                                hasAccess: boolean;
                                hasPassword: boolean;
                                id: number;
                                isAdmin: boolean;
                                lastLoginAt: string | null;
                                lastName: string | null;
                                /** @enum {string} */
                                status: "active" | "free" | "past_due" | "cancelling" | "ended" | "none";
                                subscriptionStatus: string;
                                welcomeEmailSentAt: string | null;
                            };
                            deliveries: {
                                attempts: number;
                                channel: string;
                                createdAt: string;
                                error: string | null;
                                event: string;
                                id: number;
                                sentAt: string | null;
                                status: string;
                            }[];
                            grants: {
                                endedAt: string | null;
                                endsAt: string | null;
                                id: number;
                                plan: {
                                    key: string;
                                    name: string;
                                };
                                rooms: {
                                    name: string;
                                    slug: string;
                                }[];
                                source: string;
                                sourceRef: string | null;
                                startsAt: string;
                                /** @enum {string} */
                                state: "current" | "upcoming" | "ended";
                            }[];
                            invoices: {
                                amountCents: number;
                                createdAt: string;
                                currency: string;
                                id: number;
                                number: string;
                                periodEnd: string;
                                periodStart: string;
                                status: string;
                            }[];
                            logins: {
                                address: string;
                                at: string;
                                browser: string;
                                device: string;
                                method: string;
                                userAgent: string;
                            }[];
                            notes: {
                                authorEmail: string;
                                body: string;
                                createdAt: string;
                                id: number;
                            }[];
                            olderGrants: number;
                            pendingPayments: {
                                completedAt: string | null;
                                createdAt: string;
                                expiresAt: string | null;
                                id: number;
                                plan: string;
                                provider: string | null;
                            }[];
                            providerInvoices: {
                                amountCents: number;
                                createdAt: string;
                                creditCents: number;
                                currency: string;
                                description: string | null;
                                discountCents: number;
                                id: string;
                                number: string | null;
                                status: string;
                                url: string | null;
                            }[];
                            providerInvoicesUnavailable: boolean;
                            subscription: {
                                cancelAtPeriodEnd: boolean;
                                cancelReason: string | null;
                                card: string | null;
                                currentPeriodEnd: string | null;
                                id: string;
                                pastDueSince: string | null;
                                plan: string | null;
                                provider: string;
                                status: string;
                            } | null;
                        };
                        message: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No user has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminUsers-resendWelcome": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: {
                            account: {
                                accessUntil: string | null;
                                activeSessions: number;
                                adminByConfig: boolean;
                                createdAt: string;
                                email: string;
                                emailNotificationsEnabled: boolean;
                                firstName: string | null;
                                freeAccessUntil: string | null;
                                hasAccess: boolean;
                                hasPassword: boolean;
                                id: number;
                                isAdmin: boolean;
                                lastLoginAt: string | null;
                                lastName: string | null;
                                /** @enum {string} */
                                status: "active" | "free" | "past_due" | "cancelling" | "ended" | "none";
                                subscriptionStatus: string;
                                welcomeEmailSentAt: string | null;
                            };
                            deliveries: {
                                attempts: number;
                                channel: string;
                                createdAt: string;
                                error: string | null;
                                event: string;
                                id: number;
                                sentAt: string | null;
                                status: string;
                            }[];
                            grants: {
                                endedAt: string | null;
                                endsAt: string | null;
                                id: number;
                                plan: {
                                    key: string;
                                    name: string;
                                };
                                rooms: {
                                    name: string;
                                    slug: string;
                                }[];
                                source: string;
                                sourceRef: string | null;
                                startsAt: string;
                                /** @enum {string} */
                                state: "current" | "upcoming" | "ended";
                            }[];
                            invoices: {
                                amountCents: number;
                                createdAt: string;
                                currency: string;
                                id: number;
                                number: string;
                                periodEnd: string;
                                periodStart: string;
                                status: string;
                            }[];
                            logins: {
                                address: string;
                                at: string;
                                browser: string;
                                device: string;
                                method: string;
                                userAgent: string;
                            }[];
                            notes: {
                                authorEmail: string;
                                body: string;
                                createdAt: string;
                                id: number;
                            }[];
                            olderGrants: number;
                            pendingPayments: {
                                completedAt: string | null;
                                createdAt: string;
                                expiresAt: string | null;
                                id: number;
                                plan: string;
                                provider: string | null;
                            }[];
                            providerInvoices: {
                                amountCents: number;
                                createdAt: string;
                                creditCents: number;
                                currency: string;
                                description: string | null;
                                discountCents: number;
                                id: string;
                                number: string | null;
                                status: string;
                                url: string | null;
                            }[];
                            providerInvoicesUnavailable: boolean;
                            subscription: {
                                cancelAtPeriodEnd: boolean;
                                cancelReason: string | null;
                                card: string | null;
                                currentPeriodEnd: string | null;
                                id: string;
                                pastDueSince: string | null;
                                plan: string | null;
                                provider: string;
                                status: string;
                            } | null;
                        };
                        message: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No user has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description A welcome e-mail to this user is being sent right now. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. The e-mail could not be sent. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "adminUsers-signOutEverywhere": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: {
                            account: {
                                accessUntil: string | null;
                                activeSessions: number;
                                adminByConfig: boolean;
                                createdAt: string;
                                email: string;
                                emailNotificationsEnabled: boolean;
                                firstName: string | null;
                                freeAccessUntil: string | null;
                                hasAccess: boolean;
                                hasPassword: boolean;
                                id: number;
                                isAdmin: boolean;
                                lastLoginAt: string | null;
                                lastName: string | null;
                                /** @enum {string} */
                                status: "active" | "free" | "past_due" | "cancelling" | "ended" | "none";
                                subscriptionStatus: string;
                                welcomeEmailSentAt: string | null;
                            };
                            deliveries: {
                                attempts: number;
                                channel: string;
                                createdAt: string;
                                error: string | null;
                                event: string;
                                id: number;
                                sentAt: string | null;
                                status: string;
                            }[];
                            grants: {
                                endedAt: string | null;
                                endsAt: string | null;
                                id: number;
                                plan: {
                                    key: string;
                                    name: string;
                                };
                                rooms: {
                                    name: string;
                                    slug: string;
                                }[];
                                source: string;
                                sourceRef: string | null;
                                startsAt: string;
                                /** @enum {string} */
                                state: "current" | "upcoming" | "ended";
                            }[];
                            invoices: {
                                amountCents: number;
                                createdAt: string;
                                currency: string;
                                id: number;
                                number: string;
                                periodEnd: string;
                                periodStart: string;
                                status: string;
                            }[];
                            logins: {
                                address: string;
                                at: string;
                                browser: string;
                                device: string;
                                method: string;
                                userAgent: string;
                            }[];
                            notes: {
                                authorEmail: string;
                                body: string;
                                createdAt: string;
                                id: number;
                            }[];
                            olderGrants: number;
                            pendingPayments: {
                                completedAt: string | null;
                                createdAt: string;
                                expiresAt: string | null;
                                id: number;
                                plan: string;
                                provider: string | null;
                            }[];
                            providerInvoices: {
                                amountCents: number;
                                createdAt: string;
                                creditCents: number;
                                currency: string;
                                description: string | null;
                                discountCents: number;
                                id: string;
                                number: string | null;
                                status: string;
                                url: string | null;
                            }[];
                            providerInvoicesUnavailable: boolean;
                            subscription: {
                                cancelAtPeriodEnd: boolean;
                                cancelReason: string | null;
                                card: string | null;
                                currentPeriodEnd: string | null;
                                id: string;
                                pastDueSince: string | null;
                                plan: string | null;
                                provider: string;
                                status: string;
                            } | null;
                        };
                        message: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No user has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "adminUsers-list": {
        parameters: {
            query?: {
                filter?: "all" | "active" | "past_due" | "cancelling" | "never_logged_in" | "admin";
                limit?: number;
                offset?: number;
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        limit: number;
                        offset: number;
                        total: number;
                        users: {
                            accessUntil: string | null;
                            createdAt: string;
                            email: string;
                            firstName: string | null;
                            hasAccess: boolean;
                            id: number;
                            isAdmin: boolean;
                            lastLoginAt: string | null;
                            lastName: string | null;
                            /** @enum {string} */
                            status: "active" | "free" | "past_due" | "cancelling" | "ended" | "none";
                        }[];
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "plans-whopList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        defaultPlan: {
                            key: string;
                            name: string;
                        };
                        mappings: {
                            plan: string;
                            planName: string;
                            updatedAt: string;
                            whopPlanId: string;
                        }[];
                        webhookConfigured: boolean;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "plans-whopSet": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                whopPlanId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    plan: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plan: string;
                        planName: string;
                        updatedAt: string;
                        whopPlanId: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "plans-whopRemove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                whopPlanId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        removed: boolean;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description This Whop plan is not mapped. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "analysts-directory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        displayName: string;
                        slug: string;
                        title: string;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "secondFactor-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                        recoveryCodesLeft: number;
                        required: boolean;
                        /** @enum {string} */
                        state: "not_needed" | "passed" | "code_required" | "enrolment_required";
                    };
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description Neither an administrator nor an analyst account. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "secondFactor-confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recoveryCodes: string[];
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. A wrong code, or the set-up was not started. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description A cross-site request (its `Origin` is another site). An API token (this needs a signed-in session), or an administrator whose session has not given its second factor (`secondFactor: "code_required"`). Neither an administrator nor an analyst. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Two-factor authentication is already on. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            /** @description Too many failed API-token attempts from this client address. Too many codes tried. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "secondFactor-disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: {
                            [key: string]: string | null;
                        };
                        adminEmailPending?: boolean;
                        email: string;
                        firstName: string | null;
                        hasActiveSubscription: boolean;
                        id: number;
                        isAdmin: boolean;
                        isAnalyst?: boolean;
                        lastName: string | null;
                        profileImageUrl: string | null;
                        /** @enum {string} */
                        secondFactor: "not_needed" | "passed" | "code_required" | "enrolment_required";
                        subscriptionStatus: string;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. A wrong code. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description A cross-site request (its `Origin` is another site). An API token (this needs a signed-in session), or an administrator whose session has not given its second factor (`secondFactor: "code_required"`). The session has not given its code, or administrators must keep it on this server. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            /** @description Too many failed API-token attempts from this client address. Too many codes tried. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "secondFactor-enrol": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        otpauthUrl: string;
                        qrCode: string;
                        secret: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description A cross-site request (its `Origin` is another site). An API token (this needs a signed-in session), or an administrator whose session has not given its second factor (`secondFactor: "code_required"`). Neither an administrator nor an analyst. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Two-factor authentication is already on. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "secondFactor-renewRecoveryCodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recoveryCodes: string[];
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. A wrong code. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description A cross-site request (its `Origin` is another site). An API token (this needs a signed-in session), or an administrator whose session has not given its second factor (`secondFactor: "code_required"`). The session has not given its code. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            /** @description Too many failed API-token attempts from this client address. Too many codes tried. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "secondFactor-verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: {
                            [key: string]: string | null;
                        };
                        adminEmailPending?: boolean;
                        email: string;
                        firstName: string | null;
                        hasActiveSubscription: boolean;
                        id: number;
                        isAdmin: boolean;
                        isAnalyst?: boolean;
                        lastName: string | null;
                        profileImageUrl: string | null;
                        /** @enum {string} */
                        secondFactor: "not_needed" | "passed" | "code_required" | "enrolment_required";
                        subscriptionStatus: string;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. A wrong code, or this session needs none, or the account has no second factor. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            /** @description Too many failed API-token attempts from this client address. Too many codes tried. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "auth-confirmAdminEmail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. The link is invalid or expired, or not for the address of this account. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-session"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "auth-sendAdminEmailLink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-session"];
            /** @description The address of this account is not an ADMIN_EMAILS address waiting for proof. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            /** @description Too many failed API-token attempts from this client address. Three links were mailed in the last hour. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. The mail server did not take the e-mail. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "auth-changePassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string & (unknown & unknown);
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. The current password is wrong. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-session"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "auth-forgotPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens-signIns"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "auth-login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: {
                            [key: string]: string | null;
                        };
                        adminEmailPending?: boolean;
                        email: string;
                        firstName: string | null;
                        hasActiveSubscription: boolean;
                        id: number;
                        isAdmin: boolean;
                        isAnalyst?: boolean;
                        lastName: string | null;
                        profileImageUrl: string | null;
                        /** @enum {string} */
                        secondFactor: "not_needed" | "passed" | "code_required" | "enrolment_required";
                        subscriptionStatus: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            /** @description An `Authorization` header with an invalid, revoked or expired API token. Wrong e-mail address or password. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A cross-site request (its `Origin` is another site). A `read` API token on a write. The account cannot be used here (it is on the blacklist). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            /** @description Too many failed API-token attempts from this client address. Too many sign-in, registration or password-reset attempts from this address or for this account. Too many failed sign-ins for this e-mail address, from an address it has not signed in from before. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "auth-notificationSettings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        emailNotifications: boolean;
                        priceAlerts: boolean;
                        smsAlerts: boolean;
                        tradingSignals: boolean;
                    };
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "auth-saveNotificationSettings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    emailNotifications: boolean;
                    priceAlerts: boolean;
                    smsAlerts: boolean;
                    tradingSignals: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        emailNotifications: boolean;
                        priceAlerts: boolean;
                        smsAlerts: boolean;
                        tradingSignals: boolean;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "auth-updateProfile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    firstName: string;
                    lastName: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: {
                            [key: string]: string | null;
                        };
                        adminEmailPending?: boolean;
                        email: string;
                        firstName: string | null;
                        hasActiveSubscription: boolean;
                        id: number;
                        isAdmin: boolean;
                        isAnalyst?: boolean;
                        lastName: string | null;
                        profileImageUrl: string | null;
                        /** @enum {string} */
                        secondFactor: "not_needed" | "passed" | "code_required" | "enrolment_required";
                        subscriptionStatus: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "auth-resetPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    newPassword: string & (unknown & unknown);
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. The reset link is invalid or expired. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens-signIns"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "auth-tradingConfig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accountSize: number | null;
                        autoExecute: boolean;
                        maxDailyTrades: string;
                        /** @enum {string} */
                        positionSize: "1" | "2" | "5" | "10";
                        /** @enum {string} */
                        riskTolerance: "conservative" | "moderate" | "aggressive";
                    };
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "auth-saveTradingConfig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    accountSize?: number | string | null;
                    autoExecute: boolean;
                    maxDailyTrades: string;
                    positionSize: string;
                    /** @enum {string} */
                    riskTolerance: "conservative" | "moderate" | "aggressive";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accountSize: number | null;
                        autoExecute: boolean;
                        maxDailyTrades: string;
                        /** @enum {string} */
                        positionSize: "1" | "2" | "5" | "10";
                        /** @enum {string} */
                        riskTolerance: "conservative" | "moderate" | "aggressive";
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "auth-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: {
                            [key: string]: string | null;
                        };
                        adminEmailPending?: boolean;
                        email: string;
                        firstName: string | null;
                        hasActiveSubscription: boolean;
                        id: number;
                        isAdmin: boolean;
                        isAnalyst?: boolean;
                        lastName: string | null;
                        profileImageUrl: string | null;
                        /** @enum {string} */
                        secondFactor: "not_needed" | "passed" | "code_required" | "enrolment_required";
                        subscriptionStatus: string;
                    };
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "billing-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        canCancel: boolean;
                        cancelAtPeriodEnd: boolean;
                        cancelReason: string | null;
                        canChangePlan: boolean;
                        canManage: boolean;
                        canResume: boolean;
                        creditBalance: {
                            amountCents: number;
                            currency: string;
                        } | null;
                        currentPeriodEnd: string | null;
                        detailsUnavailable: boolean;
                        graceEndsAt: string | null;
                        hasAccess: boolean;
                        invoices: {
                            amountCents: number;
                            createdAt: string;
                            creditCents: number;
                            currency: string;
                            description: string | null;
                            discountCents: number;
                            id: string;
                            number: string | null;
                            status: string;
                            url: string | null;
                        }[];
                        manageUrl: string | null;
                        paymentMethod: {
                            brand: string;
                            last4: string;
                        } | null;
                        plan: ("monthly" | "yearly") | null;
                        price: {
                            amountCents: number;
                            currency: string;
                            /** @enum {string} */
                            interval: "month" | "year";
                            label: string;
                            /** @enum {string} */
                            plan: "monthly" | "yearly";
                        } | null;
                        /** @enum {string} */
                        provider: "stripe" | "local" | "whop" | "none";
                        status: string;
                        subscriptionPlan: {
                            interval: ("month" | "year") | null;
                            intervalCount: number | null;
                            key: string;
                            label: string | null;
                            name: string;
                            rooms: {
                                name: string;
                                slug: string;
                            }[];
                        } | null;
                        trialEnd: string | null;
                    };
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "billing-cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        summary: {
                            canCancel: boolean;
                            cancelAtPeriodEnd: boolean;
                            cancelReason: string | null;
                            canChangePlan: boolean;
                            canManage: boolean;
                            canResume: boolean;
                            creditBalance: {
                                amountCents: number;
                                currency: string;
                            } | null;
                            currentPeriodEnd: string | null;
                            detailsUnavailable: boolean;
                            graceEndsAt: string | null;
                            hasAccess: boolean;
                            invoices: {
                                amountCents: number;
                                createdAt: string;
                                creditCents: number;
                                currency: string;
                                description: string | null;
                                discountCents: number;
                                id: string;
                                number: string | null;
                                status: string;
                                url: string | null;
                            }[];
                            manageUrl: string | null;
                            paymentMethod: {
                                brand: string;
                                last4: string;
                            } | null;
                            plan: ("monthly" | "yearly") | null;
                            price: {
                                amountCents: number;
                                currency: string;
                                /** @enum {string} */
                                interval: "month" | "year";
                                label: string;
                                /** @enum {string} */
                                plan: "monthly" | "yearly";
                            } | null;
                            /** @enum {string} */
                            provider: "stripe" | "local" | "whop" | "none";
                            status: string;
                            subscriptionPlan: {
                                interval: ("month" | "year") | null;
                                intervalCount: number | null;
                                key: string;
                                label: string | null;
                                name: string;
                                rooms: {
                                    name: string;
                                    slug: string;
                                }[];
                            } | null;
                            trialEnd: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description No active subscription to cancel. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. Stripe cannot be reached. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "billing-planChangePreview": {
        parameters: {
            query: {
                plan: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        chargeCents: number;
                        creditBalanceCents: number;
                        creditCents: number;
                        currency: string;
                        dueNowCents: number;
                        from: {
                            key: string;
                            label: string | null;
                            name: string;
                        };
                        /** @enum {string} */
                        kind: "prorated" | "new_period" | "trial";
                        periodEnd: string;
                        prorationDate: string;
                        roomsGained: {
                            name: string;
                            slug: string;
                        }[];
                        roomsLost: {
                            name: string;
                            slug: string;
                        }[];
                        to: {
                            key: string;
                            label: string | null;
                            name: string;
                        };
                        totalCents: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description No running subscription, a plan with no price here or in another currency (naming plan). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. Stripe cannot be reached. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "billing-changePlan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    plan: string;
                    /** Format: date-time */
                    prorationDate?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        change: {
                            chargeCents: number;
                            creditBalanceCents: number;
                            creditCents: number;
                            currency: string;
                            dueNowCents: number;
                            from: {
                                key: string;
                                label: string | null;
                                name: string;
                            };
                            /** @enum {string} */
                            kind: "prorated" | "new_period" | "trial";
                            periodEnd: string;
                            prorationDate: string;
                            roomsGained: {
                                name: string;
                                slug: string;
                            }[];
                            roomsLost: {
                                name: string;
                                slug: string;
                            }[];
                            to: {
                                key: string;
                                label: string | null;
                                name: string;
                            };
                            totalCents: number;
                        };
                        message: string;
                        summary: {
                            canCancel: boolean;
                            cancelAtPeriodEnd: boolean;
                            cancelReason: string | null;
                            canChangePlan: boolean;
                            canManage: boolean;
                            canResume: boolean;
                            creditBalance: {
                                amountCents: number;
                                currency: string;
                            } | null;
                            currentPeriodEnd: string | null;
                            detailsUnavailable: boolean;
                            graceEndsAt: string | null;
                            hasAccess: boolean;
                            invoices: {
                                amountCents: number;
                                createdAt: string;
                                creditCents: number;
                                currency: string;
                                description: string | null;
                                discountCents: number;
                                id: string;
                                number: string | null;
                                status: string;
                                url: string | null;
                            }[];
                            manageUrl: string | null;
                            paymentMethod: {
                                brand: string;
                                last4: string;
                            } | null;
                            plan: ("monthly" | "yearly") | null;
                            price: {
                                amountCents: number;
                                currency: string;
                                /** @enum {string} */
                                interval: "month" | "year";
                                label: string;
                                /** @enum {string} */
                                plan: "monthly" | "yearly";
                            } | null;
                            /** @enum {string} */
                            provider: "stripe" | "local" | "whop" | "none";
                            status: string;
                            subscriptionPlan: {
                                interval: ("month" | "year") | null;
                                intervalCount: number | null;
                                key: string;
                                label: string | null;
                                name: string;
                                rooms: {
                                    name: string;
                                    slug: string;
                                }[];
                            } | null;
                            trialEnd: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description No running subscription, a plan with no price here or in another currency (naming plan). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. Stripe cannot be reached. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "billing-portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description No Stripe billing account for this user. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. The billing portal could not be opened. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "billing-resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        summary: {
                            canCancel: boolean;
                            cancelAtPeriodEnd: boolean;
                            cancelReason: string | null;
                            canChangePlan: boolean;
                            canManage: boolean;
                            canResume: boolean;
                            creditBalance: {
                                amountCents: number;
                                currency: string;
                            } | null;
                            currentPeriodEnd: string | null;
                            detailsUnavailable: boolean;
                            graceEndsAt: string | null;
                            hasAccess: boolean;
                            invoices: {
                                amountCents: number;
                                createdAt: string;
                                creditCents: number;
                                currency: string;
                                description: string | null;
                                discountCents: number;
                                id: string;
                                number: string | null;
                                status: string;
                                url: string | null;
                            }[];
                            manageUrl: string | null;
                            paymentMethod: {
                                brand: string;
                                last4: string;
                            } | null;
                            plan: ("monthly" | "yearly") | null;
                            price: {
                                amountCents: number;
                                currency: string;
                                /** @enum {string} */
                                interval: "month" | "year";
                                label: string;
                                /** @enum {string} */
                                plan: "monthly" | "yearly";
                            } | null;
                            /** @enum {string} */
                            provider: "stripe" | "local" | "whop" | "none";
                            status: string;
                            subscriptionPlan: {
                                interval: ("month" | "year") | null;
                                intervalCount: number | null;
                                key: string;
                                label: string | null;
                                name: string;
                                rooms: {
                                    name: string;
                                    slug: string;
                                }[];
                            } | null;
                            trialEnd: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description No cancellation to undo. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. Stripe cannot be reached. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "blog-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: string;
                        content: string;
                        createdAt: string;
                        excerpt: string;
                        id: number;
                        imageUrl: string | null;
                        published: boolean;
                        title: string;
                        updatedAt: string;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "blog-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    author: string;
                    content: string;
                    excerpt: string;
                    imageUrl?: string | null;
                    /** @default false */
                    published?: boolean;
                    title: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: string;
                        content: string;
                        createdAt: string;
                        excerpt: string;
                        id: number;
                        imageUrl: string | null;
                        published: boolean;
                        title: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "blog-byId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: string;
                        content: string;
                        createdAt: string;
                        excerpt: string;
                        id: number;
                        imageUrl: string | null;
                        published: boolean;
                        title: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.token"];
            /** @description No published post has this id (a draft: administrators only). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "blog-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    author: string;
                    content: string;
                    excerpt: string;
                    imageUrl?: string | null;
                    published?: boolean;
                    title: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: string;
                        content: string;
                        createdAt: string;
                        excerpt: string;
                        id: number;
                        imageUrl: string | null;
                        published: boolean;
                        title: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No post has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "blog-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No post has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "blog-setStatus": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    published: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: string;
                        content: string;
                        createdAt: string;
                        excerpt: string;
                        id: number;
                        imageUrl: string | null;
                        published: boolean;
                        title: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No post has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "candles-list": {
        parameters: {
            query: {
                from?: number | string;
                symbol: string;
                timeframe: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        candles: {
                            close: number;
                            high: number;
                            low: number;
                            open: number;
                            time: number;
                        }[];
                        /** @enum {string} */
                        source: "simulated" | "live";
                        /** @enum {string} */
                        symbol: "AUDUSD" | "GBPJPY" | "GBPUSD" | "US30" | "BTCUSD" | "XAUUSD";
                        /** @enum {string} */
                        timeframe: "1min" | "15min" | "4h" | "daily" | "weekly" | "monthly";
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "chartMemos-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        instrument: string;
                        keyLevels: string;
                        locked: boolean;
                        marketStructure: string;
                        memoImageUrl: string | null;
                        memoImageUrls: string[];
                        memoText: string;
                        riskManagement: string;
                        updatedAt: string;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "chartMemos-upsert": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                instrument: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key_levels?: string;
                    keyLevels?: string;
                    market_structure?: string;
                    marketStructure?: string;
                    memo_image_url?: ("" | string) | null;
                    memo_image_urls?: string[];
                    memo_text?: string;
                    memoImageUrl?: ("" | string) | null;
                    memoImageUrls?: string[];
                    memoText?: string;
                    risk_management?: string;
                    riskManagement?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        instrument: string;
                        keyLevels: string;
                        locked: boolean;
                        marketStructure: string;
                        memoImageUrl: string | null;
                        memoImageUrls: string[];
                        memoText: string;
                        riskManagement: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "chartMemos-uploadImage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    fileName?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        uploadURL: string;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. The file name is not of an image type. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "chartNotes-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: string;
                        id: number;
                        instrument: string;
                        locked: boolean;
                        note: string;
                        timeframe: string;
                        updatedAt: string;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "chartNotes-update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    content: string;
                    instrument: string;
                    timeframe: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: string;
                        id: number;
                        instrument: string;
                        locked: boolean;
                        note: string;
                        timeframe: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "chartNotes-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    content: string;
                    instrument: string;
                    timeframe: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: string;
                        id: number;
                        instrument: string;
                        locked: boolean;
                        note: string;
                        timeframe: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "chartNotes-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            /** @description No chart note has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "community-discordAuthorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. Discord is not configured on this server. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description A cross-site request (its `Origin` is another site). A `read` API token on a write. No active subscription. None of the rooms you hold has a Discord role, or the account cannot be used here (blacklist). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "community-discordUnlink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        discord: {
                            account: {
                                linkedAt: string;
                                username: string;
                            } | null;
                            blocked: ("not_configured" | "no_subscription" | "not_linked") | null;
                            configured: boolean;
                            roleGranted: boolean;
                            roles: {
                                granted: boolean;
                                name: string;
                                rooms: string[];
                            }[];
                        };
                        telegram: {
                            blocked: ("not_configured" | "no_subscription" | "not_linked") | null;
                            chats: {
                                invite: {
                                    expiresAt: string;
                                    url: string;
                                } | null;
                                member: boolean;
                                name: string;
                                rooms: string[];
                            }[];
                            configured: boolean;
                            invite: {
                                expiresAt: string;
                                url: string;
                            } | null;
                            member: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "community-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        discord: {
                            account: {
                                linkedAt: string;
                                username: string;
                            } | null;
                            blocked: ("not_configured" | "no_subscription" | "not_linked") | null;
                            configured: boolean;
                            roleGranted: boolean;
                            roles: {
                                granted: boolean;
                                name: string;
                                rooms: string[];
                            }[];
                        };
                        telegram: {
                            blocked: ("not_configured" | "no_subscription" | "not_linked") | null;
                            chats: {
                                invite: {
                                    expiresAt: string;
                                    url: string;
                                } | null;
                                member: boolean;
                                name: string;
                                rooms: string[];
                            }[];
                            configured: boolean;
                            invite: {
                                expiresAt: string;
                                url: string;
                            } | null;
                            member: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "community-telegramInvite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    renew?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expiresAt: string;
                        invites: {
                            expiresAt: string;
                            name: string;
                            rooms: string[];
                            url: string;
                        }[];
                        url: string;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. No paid chat is configured, or your Telegram is not linked. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description A cross-site request (its `Origin` is another site). A `read` API token on a write. No active subscription. None of the rooms you hold has a Telegram chat, or the account cannot be used here (blacklist). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. Telegram cannot be reached. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "payments-createCheckoutSession": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    accepted?: {
                        refund: number;
                        risk: number;
                        terms: number;
                    };
                    email: string;
                    plan?: string;
                    ref?: string;
                    refAt?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.token"];
            /** @description A cross-site request (its `Origin` is another site). A `read` API token on a write. The address cannot be used here (it is on the blacklist). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description The address already has a running subscription: change plan in Billing instead. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The payment provider did not start the checkout. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_GATEWAY"];
                };
            };
            /** @description The database is not answering. Payments are not configured. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "analysts-desk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        displayName: string | null;
                        instruments: string[] | null;
                        /** @enum {string} */
                        kind: "admin" | "analyst";
                        rooms: string[] | null;
                        slug: string | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.desk"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "auth-forgotPasswordAlias": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens-signIns"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "inbound-alert": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The alert source's secret token, from its webhook URL */
                sourceToken: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    direction: string | number;
                    entry: number | string;
                    instrument: string | number;
                    memo?: string | number;
                    orderType?: string | number;
                    stop: number | string;
                    t0: number | string;
                    t1: number | string;
                };
                "text/plain": string;
            };
        };
        responses: {
            /** @description Folded into the draft the same body made within the last minute */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        draft: {
                            createdAt: string;
                            direction: string;
                            entryPrice: number;
                            id: number;
                            instrument: string;
                            memo: string;
                            monthlyBias: string;
                            /** @enum {string} */
                            orderType: "market" | "limit" | "stop";
                            received: number;
                            signalId: number | null;
                            slPrice: number;
                            sourceId: number | null;
                            sourceName: string | null;
                            /** @enum {string} */
                            state: "pending" | "published" | "discarded";
                            t0Price: number;
                            t0Share: number;
                            t1Price: number;
                            updatedAt: string;
                        };
                        /** @constant */
                        outcome: "folded";
                    };
                };
            };
            /** @description A new pending draft */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        draft: {
                            createdAt: string;
                            direction: string;
                            entryPrice: number;
                            id: number;
                            instrument: string;
                            memo: string;
                            monthlyBias: string;
                            /** @enum {string} */
                            orderType: "market" | "limit" | "stop";
                            received: number;
                            signalId: number | null;
                            slPrice: number;
                            sourceId: number | null;
                            sourceName: string | null;
                            /** @enum {string} */
                            state: "pending" | "published" | "discarded";
                            t0Price: number;
                            t0Share: number;
                            t1Price: number;
                            updatedAt: string;
                        };
                        /** @constant */
                        outcome: "created";
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.token"];
            403: components["responses"]["FORBIDDEN.crossSite"];
            /** @description No alert source has this URL (a wrong or revoked token). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json-or-plain"];
            /** @description Too many failed API-token attempts from this client address. More alerts from this source in a minute than the server takes (INBOUND_ALERTS_PER_MINUTE). */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "instruments-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        builtIn: boolean;
                        decimals: number;
                        entryTolerance: number;
                        feedSymbol: string;
                        id: number | null;
                        referencePrice: number;
                        symbol: string;
                        tickSize: number;
                        /** @enum {string} */
                        unitName: "pips" | "points";
                        unitSize: number;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "instruments-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    decimals: number;
                    entryTolerance: number;
                    feedSymbol: string;
                    referencePrice: number;
                    symbol: string;
                    tickSize: number;
                    /** @enum {string} */
                    unitName: "pips" | "points";
                    unitSize: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        builtIn: boolean;
                        decimals: number;
                        entryTolerance: number;
                        feedSymbol: string;
                        id: number | null;
                        referencePrice: number;
                        symbol: string;
                        tickSize: number;
                        /** @enum {string} */
                        unitName: "pips" | "points";
                        unitSize: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description The symbol is in the catalogue already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "instruments-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No instrument has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The instrument has signals. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "instruments-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    decimals?: number;
                    entryTolerance?: number;
                    feedSymbol?: string;
                    referencePrice?: number;
                    tickSize?: number;
                    /** @enum {string} */
                    unitName?: "pips" | "points";
                    unitSize?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        builtIn: boolean;
                        decimals: number;
                        entryTolerance: number;
                        feedSymbol: string;
                        id: number | null;
                        referencePrice: number;
                        symbol: string;
                        tickSize: number;
                        /** @enum {string} */
                        unitName: "pips" | "points";
                        unitSize: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No instrument has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The tick size exceeds the pip or point size. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "site-legal": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                page: "terms" | "privacy" | "risk" | "disclosures" | "refund";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        markdown: string;
                        /** @enum {string} */
                        page: "terms" | "privacy" | "risk" | "disclosures" | "refund";
                        title: string;
                        updatedAt: string | null;
                        version: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "prices-live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        AUDUSD?: number;
                        BTCUSD?: number;
                        GBPJPY?: number;
                        GBPUSD?: number;
                        /** @enum {string} */
                        source: "simulated" | "live";
                        updatedAt: string;
                        US30?: number;
                        XAUUSD?: number;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. The price feed is unavailable, or needs configuring (`requiresSetup: true`). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "auth-loginAlias": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: {
                            [key: string]: string | null;
                        };
                        adminEmailPending?: boolean;
                        email: string;
                        firstName: string | null;
                        hasActiveSubscription: boolean;
                        id: number;
                        isAdmin: boolean;
                        isAnalyst?: boolean;
                        lastName: string | null;
                        profileImageUrl: string | null;
                        /** @enum {string} */
                        secondFactor: "not_needed" | "passed" | "code_required" | "enrolment_required";
                        subscriptionStatus: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            /** @description An `Authorization` header with an invalid, revoked or expired API token. Wrong e-mail address or password. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A cross-site request (its `Origin` is another site). A `read` API token on a write. The account cannot be used here (it is on the blacklist). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            /** @description Too many failed API-token attempts from this client address. Too many sign-in, registration or password-reset attempts from this address or for this account. Too many failed sign-ins for this e-mail address, from an address it has not signed in from before. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "notifications-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        createdBy: number | null;
                        deliveredAt: string | null;
                        id: number;
                        isGlobal: boolean;
                        message: string;
                        priority: string;
                        scheduledFor: string | null;
                        title: string;
                        type: string;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "notifications-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    isGlobal?: boolean;
                    message: string;
                    /**
                     * @default normal
                     * @enum {string}
                     */
                    priority?: "low" | "normal" | "medium" | "high" | "critical";
                    room?: string | null;
                    scheduledFor?: string | null;
                    title: string;
                    /**
                     * @default info
                     * @enum {string}
                     */
                    type?: "info" | "success" | "warning" | "error" | "signal" | "alert" | "announcement";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        createdBy: number | null;
                        deliveredAt: string | null;
                        id: number;
                        isGlobal: boolean;
                        message: string;
                        priority: string;
                        scheduledFor: string | null;
                        title: string;
                        type: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "notifications-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    isGlobal?: boolean;
                    message?: string;
                    /** @enum {string} */
                    priority?: "low" | "normal" | "medium" | "high" | "critical";
                    scheduledFor?: string | null;
                    title?: string;
                    /** @enum {string} */
                    type?: "info" | "success" | "warning" | "error" | "signal" | "alert" | "announcement";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        createdBy: number | null;
                        deliveredAt: string | null;
                        id: number;
                        isGlobal: boolean;
                        message: string;
                        priority: string;
                        scheduledFor: string | null;
                        title: string;
                        type: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No notification has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "notifications-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No notification has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "notifications-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        activeSubscribers: number;
                        byPriority: {
                            [key: string]: number;
                        };
                        byType: {
                            [key: string]: number;
                        };
                        delivered: number;
                        deliveries: number;
                        read: number;
                        scheduled: number;
                        total: number;
                        unread: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "performance-summary": {
        parameters: {
            query?: {
                analyst?: string;
                room?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        analyst: {
                            active: boolean;
                            displayName: string;
                            id: number;
                            slug: string;
                            title: string;
                        } | null;
                        averageDurationMs: number | null;
                        averageLossR: number | null;
                        averageMaeR: number | null;
                        averageMfeR: number | null;
                        averageR: number | null;
                        averageWinR: number | null;
                        bestR: number | null;
                        breakevens: number;
                        byInstrument: {
                            averageR: number | null;
                            breakevens: number;
                            key: string;
                            losses: number;
                            totalR: number;
                            trades: number;
                            winRate: number | null;
                            wins: number;
                        }[];
                        byMonth: {
                            averageR: number | null;
                            breakevens: number;
                            key: string;
                            losses: number;
                            totalR: number;
                            trades: number;
                            winRate: number | null;
                            wins: number;
                        }[];
                        cancelledSignals: number;
                        deletedSignals: number;
                        demoTrades: number;
                        equity: {
                            at: string;
                            cumulativeR: number;
                            r: number;
                            signalId: number;
                        }[];
                        expectancy: number | null;
                        expectancyRatio: number | null;
                        expiredSignals: number;
                        generatedAt: string;
                        includesDemo: boolean;
                        longestLossStreak: number;
                        longestWinStreak: number;
                        losses: number;
                        maxDrawdownR: number;
                        monitoringSince: string | null;
                        notice: string;
                        openSignals: number;
                        profitFactor: number | null;
                        room: string | null;
                        signalsTaken: number;
                        statement: string | null;
                        totalR: number;
                        trades: {
                            closedAt: string;
                            demo: boolean;
                            direction: string;
                            durationMs: number | null;
                            edits: number;
                            entryPrice: number | null;
                            exitFeedPrice: number | null;
                            exitKind: ("target" | "stop" | "stop_at_entry" | "manual" | "withdrawn" | "expired") | null;
                            exitPrice: number;
                            fillFeedPrice: number | null;
                            fillPrice: number;
                            instrument: string;
                            maeR: number | null;
                            mfeR: number | null;
                            openedAt: string | null;
                            /** @enum {string} */
                            outcome: "win" | "loss" | "breakeven";
                            parts: {
                                /** @enum {string} */
                                kind: "t0" | "manual" | "exit";
                                price: number;
                                share: number;
                            }[];
                            pips: number;
                            publishedAt: string | null;
                            r: number;
                            reason: string | null;
                            signalId: number;
                            slPrice: number | null;
                            /** @enum {string} */
                            unit: "pips" | "points";
                        }[];
                        verification: {
                            checkedAt: string;
                            checkpoints?: number;
                            contradicts?: {
                                checkpointId: number;
                                createdAt: string;
                                eventCount: number;
                                headHash: string;
                                headId: number;
                                /** @enum {string} */
                                problem: "missing" | "hash" | "count" | "signature";
                            } | null;
                            events: number;
                            firstBroken: {
                                id: number;
                                /** @enum {string} */
                                problem: "link" | "hash";
                                signalId: number;
                                type: string;
                            } | null;
                            gaps?: {
                                declaredAt: string;
                                id: number;
                                keyId: string;
                                lostCheckpoint: {
                                    createdAt: string;
                                    eventCount: number;
                                    headHash: string;
                                    headId: number;
                                    id: number;
                                    keyId: string;
                                    signature: string;
                                };
                                message: string;
                                restoredEventCount: number;
                                restoredHeadHash: string;
                                restoredHeadId: number;
                                signature: string;
                            }[];
                            headHash: string | null;
                            headId: number | null;
                            ok: boolean;
                        };
                        winRate: number | null;
                        winRateExBreakeven: number | null;
                        wins: number;
                        withdrawnSignals: number;
                        worstR: number | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.token"];
            /** @description No analyst or room with that slug. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "record-checkpoints": {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checkpoints: {
                            createdAt: string;
                            eventCount: number;
                            headHash: string;
                            headId: number;
                            id: number;
                            keyId: string;
                            message: string;
                            signature: string;
                        }[];
                        page: number;
                        pageSize: number;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "record-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actor: string;
                        at: string;
                        context: {
                            author: string | null;
                            priceSource: string | null;
                            room: string;
                        } | null;
                        data: {
                            [key: string]: unknown;
                        };
                        hash: string | null;
                        id: number;
                        prevHash: string | null;
                        price: number | null;
                        salt: string | null;
                        signalId: number;
                        /** @enum {string} */
                        type: "created" | "edited" | "activated" | "t0_hit" | "partial_closed" | "stop_moved" | "closed" | "cancelled" | "withdrawn" | "deleted";
                        withheld: boolean;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "record-gaps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gaps: {
                            declaredAt: string;
                            id: number;
                            keyId: string;
                            lostCheckpoint: {
                                createdAt: string;
                                eventCount: number;
                                headHash: string;
                                headId: number;
                                id: number;
                                keyId: string;
                                signature: string;
                            };
                            message: string;
                            restoredEventCount: number;
                            restoredHeadHash: string;
                            restoredHeadId: number;
                            signature: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "record-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        algorithm: "Ed25519";
                        keyId: string;
                        messageFormat: string;
                        publicKeyBase64: string;
                        publicKeyPem: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. The record has no signing key. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "performance-leaderboard": {
        parameters: {
            query?: {
                window?: "30d" | "90d" | "1y" | "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        generatedAt: string;
                        includesDemo: boolean;
                        minTrades: number;
                        published: boolean;
                        rows: {
                            active: boolean;
                            analystId: number;
                            displayName: string;
                            expectancy: number | null;
                            maxDrawdownR: number;
                            n: number;
                            profitFactor: number | null;
                            rank: number | null;
                            slug: string;
                            title: string;
                            totalR: number;
                            winRate: number | null;
                        }[];
                        statement: string | null;
                        /** @enum {string} */
                        window: "30d" | "90d" | "1y" | "all";
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            /** @description An `Authorization` header with an invalid, revoked or expired API token. The leaderboard is internal and the caller is not signed in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The leaderboard is internal and the caller is no administrator or analyst. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "performance-verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checkedAt: string;
                        checkpoints?: number;
                        contradicts?: {
                            checkpointId: number;
                            createdAt: string;
                            eventCount: number;
                            headHash: string;
                            headId: number;
                            /** @enum {string} */
                            problem: "missing" | "hash" | "count" | "signature";
                        } | null;
                        events: number;
                        firstBroken: {
                            id: number;
                            /** @enum {string} */
                            problem: "link" | "hash";
                            signalId: number;
                            type: string;
                        } | null;
                        gaps?: {
                            declaredAt: string;
                            id: number;
                            keyId: string;
                            lostCheckpoint: {
                                createdAt: string;
                                eventCount: number;
                                headHash: string;
                                headId: number;
                                id: number;
                                keyId: string;
                                signature: string;
                            };
                            message: string;
                            restoredEventCount: number;
                            restoredHeadHash: string;
                            restoredHeadId: number;
                            signature: string;
                        }[];
                        headHash: string | null;
                        headId: number | null;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "billing-plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plans: {
                            amountCents: number;
                            currency: string;
                            description: string;
                            interval: ("month" | "year") | null;
                            intervalCount: number | null;
                            isDefault: boolean;
                            key: string;
                            label: string;
                            name: string;
                            passDays: number | null;
                            plan: string;
                            price: {
                                amountCents: number;
                                currency: string;
                                label: string;
                            };
                            rooms: {
                                name: string;
                                slug: string;
                            }[];
                            /** @enum {string} */
                            terms: "recurring" | "pass" | "lifetime" | "free";
                            trialDays: number;
                        }[];
                        /** @enum {string} */
                        source: "stripe" | "settings";
                        testMode: boolean;
                    };
                };
            };
            401: components["responses"]["UNAUTHORIZED.token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. The prices are unavailable right now. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "plans-offer": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                plan: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amountCents: number;
                        currency: string;
                        description: string;
                        interval: ("month" | "year") | null;
                        intervalCount: number | null;
                        isDefault: boolean;
                        key: string;
                        label: string;
                        name: string;
                        passDays: number | null;
                        plan: string;
                        price: {
                            amountCents: number;
                            currency: string;
                            label: string;
                        };
                        rooms: {
                            name: string;
                            slug: string;
                        }[];
                        /** @enum {string} */
                        terms: "recurring" | "pass" | "lifetime" | "free";
                        trialDays: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.token"];
            /** @description No open plan has this key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. The price is unavailable right now. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "plans-join": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                plan: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        joined: boolean;
                        message: string;
                        user: {
                            access: {
                                [key: string]: string | null;
                            };
                            adminEmailPending?: boolean;
                            email: string;
                            firstName: string | null;
                            hasActiveSubscription: boolean;
                            id: number;
                            isAdmin: boolean;
                            isAnalyst?: boolean;
                            lastName: string | null;
                            profileImageUrl: string | null;
                            /** @enum {string} */
                            secondFactor: "not_needed" | "passed" | "code_required" | "enrolment_required";
                            subscriptionStatus: string;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "push-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                        maxDevices: number;
                        publicKey: string | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "push-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        endpoint: string;
                        failures: number;
                        id: number;
                        label: string;
                        lastSuccessAt: string | null;
                        service: string;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "push-subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    endpoint: string;
                    expirationTime?: number | null;
                    keys: {
                        auth: string;
                        p256dh: string;
                    };
                    label?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        endpoint: string;
                        failures: number;
                        id: number;
                        label: string;
                        lastSuccessAt: string | null;
                        service: string;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. Web push is not configured, the endpoint or key is refused, or the most devices an account may have. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-subscriber"];
            /** @description Another account holds the endpoint. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "push-remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description No device of yours has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "push-test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepted: number;
                        devices: number;
                        removed: number;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. Web push is not configured, or no device has it on. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-subscriber"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            /** @description Too many failed API-token attempts from this client address. Too many test messages. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "push-unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    endpoint: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        removed: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "referral-visit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    path?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cookieDays: number;
                        counted: boolean;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description No active affiliate has this code. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            /** @description Too many failed API-token attempts from this client address. Too many clicks from this address: wait the seconds said. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "auth-register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    firstName: string;
                    lastName: string;
                    password: string & (unknown & unknown);
                    ref?: string;
                    refAt?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        firstName: string;
                        id: number;
                        lastName: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.token"];
            /** @description A cross-site request (its `Origin` is another site). A `read` API token on a write. The address cannot be used here (it is on the blacklist). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description An account with this e-mail address exists. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens-signIns"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "resources-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        category: string;
                        createdAt: string;
                        description: string | null;
                        fileName: string;
                        fileSize: number;
                        fileType: string;
                        fileUrl: string;
                        id: number;
                        title: string;
                        uploadedBy: number | null;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "resources-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    category: "general" | "trading-guides" | "market-analysis" | "risk-management" | "educational";
                    description?: string | null;
                    fileName: string;
                    fileSize: number;
                    fileType: string;
                    fileUrl: string;
                    title: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        category: string;
                        createdAt: string;
                        description: string | null;
                        fileName: string;
                        fileSize: number;
                        fileType: string;
                        fileUrl: string;
                        id: number;
                        title: string;
                        uploadedBy: number | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "resources-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            /** @description No resource has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "resources-upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fileName: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        uploadURL: string;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. The file name is not of a document type. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-admin"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "signals-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: {
                            name: string;
                            slug: string;
                            title: string;
                        } | null;
                        closedAt: string | null;
                        closeReason: string | null;
                        /** @description When the production of the recommendation was completed (ISO 8601): the publish request, or the approval of the draft (EU MAR Art. 20 labels) */
                        completedAt: string;
                        confidence: number | null;
                        createdAt: string;
                        currentPrice: number | null;
                        demo: boolean;
                        direction: string | null;
                        entryPrice: number | null;
                        exitPrice: number | null;
                        expiresAt: string | null;
                        id: number;
                        instrument: string;
                        locked: boolean;
                        memo: string;
                        monthlyBias: string | null;
                        openShare: number | null;
                        orderType: string | null;
                        parts: {
                            /** @enum {string} */
                            kind: "t0" | "manual" | "exit";
                            price: number;
                            share: number;
                        }[];
                        /** @description When the recommendation was first released (ISO 8601): its publication, which a later correction of createdAt does not move */
                        releasedAt: string;
                        result: {
                            pips: number;
                            r: number;
                        } | null;
                        riskPips: number | null;
                        room: string;
                        slPrice: number | null;
                        status: ("active" | "paused" | "closed" | "limit" | "cancelled" | "withdrawn") | "open";
                        stopToEntry: boolean | null;
                        t0Hit: boolean | null;
                        t0Price: number | null;
                        t0Share: number | null;
                        t1Price: number | null;
                        targetPrice: number | null;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "signals-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    confidence?: number | string;
                    currentPrice?: number | string | null;
                    /** @enum {string} */
                    direction: "long" | "short";
                    entryPrice: number | string;
                    expiresAt?: string | null;
                    instrument: string;
                    memo?: string;
                    monthlyBias: string;
                    room?: string;
                    slPrice: number | string;
                    /**
                     * @default active
                     * @enum {string}
                     */
                    status?: "active" | "limit";
                    /** @default true */
                    stopToEntry?: boolean;
                    t0Price: number | string;
                    t0Share?: number | string;
                    t1Price: number | string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: {
                            name: string;
                            slug: string;
                            title: string;
                        } | null;
                        closedAt: string | null;
                        closeReason: string | null;
                        /** @description When the production of the recommendation was completed (ISO 8601): the publish request, or the approval of the draft (EU MAR Art. 20 labels) */
                        completedAt: string;
                        confidence: number;
                        createdAt: string;
                        currentPrice: number | null;
                        demo: boolean;
                        direction: string;
                        entryPrice: number;
                        exitPrice: number | null;
                        expiresAt: string | null;
                        id: number;
                        instrument: string;
                        memo: string;
                        monthlyBias: string;
                        openShare: number;
                        orderType: string;
                        parts: {
                            /** @enum {string} */
                            kind: "t0" | "manual" | "exit";
                            price: number;
                            share: number;
                        }[];
                        /** @description When the recommendation was first released (ISO 8601): its publication, which a later correction of createdAt does not move */
                        releasedAt: string;
                        result: {
                            pips: number;
                            r: number;
                        } | null;
                        riskPips: number | null;
                        room: string;
                        slPrice: number;
                        /** @enum {string} */
                        status: "active" | "paused" | "closed" | "limit" | "cancelled" | "withdrawn";
                        stopToEntry: boolean;
                        t0Hit: boolean;
                        t0Price: number;
                        t0Share: number;
                        t1Price: number;
                        targetPrice: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. No live price for a market signal's instrument (the price feed is unavailable). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "signals-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    confidence?: number | string;
                    createdAt?: string;
                    currentPrice?: number | string | null;
                    /** @enum {string} */
                    direction?: "long" | "short";
                    entryPrice?: number | string;
                    instrument?: string;
                    memo?: string;
                    monthlyBias?: string;
                    slPrice?: number | string;
                    /** @enum {string} */
                    status?: "active" | "paused" | "closed" | "limit" | "cancelled" | "withdrawn";
                    stopToEntry?: boolean;
                    t0Hit?: boolean;
                    t0Price?: number | string;
                    t1Price?: number | string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: {
                            name: string;
                            slug: string;
                            title: string;
                        } | null;
                        closedAt: string | null;
                        closeReason: string | null;
                        /** @description When the production of the recommendation was completed (ISO 8601): the publish request, or the approval of the draft (EU MAR Art. 20 labels) */
                        completedAt: string;
                        confidence: number;
                        createdAt: string;
                        currentPrice: number | null;
                        demo: boolean;
                        direction: string;
                        entryPrice: number;
                        exitPrice: number | null;
                        expiresAt: string | null;
                        id: number;
                        instrument: string;
                        memo: string;
                        monthlyBias: string;
                        openShare: number;
                        orderType: string;
                        parts: {
                            /** @enum {string} */
                            kind: "t0" | "manual" | "exit";
                            price: number;
                            share: number;
                        }[];
                        /** @description When the recommendation was first released (ISO 8601): its publication, which a later correction of createdAt does not move */
                        releasedAt: string;
                        result: {
                            pips: number;
                            r: number;
                        } | null;
                        riskPips: number | null;
                        room: string;
                        slPrice: number;
                        /** @enum {string} */
                        status: "active" | "paused" | "closed" | "limit" | "cancelled" | "withdrawn";
                        stopToEntry: boolean;
                        t0Hit: boolean;
                        t0Price: number;
                        t0Share: number;
                        t1Price: number;
                        targetPrice: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            /** @description No signal has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The signal is finished, or its state does not allow the change. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "signals-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            /** @description No signal has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Published more than 2 minutes ago (withdraw it instead). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "signals-cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: {
                            name: string;
                            slug: string;
                            title: string;
                        } | null;
                        closedAt: string | null;
                        closeReason: string | null;
                        /** @description When the production of the recommendation was completed (ISO 8601): the publish request, or the approval of the draft (EU MAR Art. 20 labels) */
                        completedAt: string;
                        confidence: number;
                        createdAt: string;
                        currentPrice: number | null;
                        demo: boolean;
                        direction: string;
                        entryPrice: number;
                        exitPrice: number | null;
                        expiresAt: string | null;
                        id: number;
                        instrument: string;
                        memo: string;
                        monthlyBias: string;
                        openShare: number;
                        orderType: string;
                        parts: {
                            /** @enum {string} */
                            kind: "t0" | "manual" | "exit";
                            price: number;
                            share: number;
                        }[];
                        /** @description When the recommendation was first released (ISO 8601): its publication, which a later correction of createdAt does not move */
                        releasedAt: string;
                        result: {
                            pips: number;
                            r: number;
                        } | null;
                        riskPips: number | null;
                        room: string;
                        slPrice: number;
                        /** @enum {string} */
                        status: "active" | "paused" | "closed" | "limit" | "cancelled" | "withdrawn";
                        stopToEntry: boolean;
                        t0Hit: boolean;
                        t0Price: number;
                        t0Share: number;
                        t1Price: number;
                        targetPrice: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            /** @description No signal has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The signal's state does not allow it. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "signals-close": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    exitPrice?: number | string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: {
                            name: string;
                            slug: string;
                            title: string;
                        } | null;
                        closedAt: string | null;
                        closeReason: string | null;
                        /** @description When the production of the recommendation was completed (ISO 8601): the publish request, or the approval of the draft (EU MAR Art. 20 labels) */
                        completedAt: string;
                        confidence: number;
                        createdAt: string;
                        currentPrice: number | null;
                        demo: boolean;
                        direction: string;
                        entryPrice: number;
                        exitPrice: number | null;
                        expiresAt: string | null;
                        id: number;
                        instrument: string;
                        memo: string;
                        monthlyBias: string;
                        openShare: number;
                        orderType: string;
                        parts: {
                            /** @enum {string} */
                            kind: "t0" | "manual" | "exit";
                            price: number;
                            share: number;
                        }[];
                        /** @description When the recommendation was first released (ISO 8601): its publication, which a later correction of createdAt does not move */
                        releasedAt: string;
                        result: {
                            pips: number;
                            r: number;
                        } | null;
                        riskPips: number | null;
                        room: string;
                        slPrice: number;
                        /** @enum {string} */
                        status: "active" | "paused" | "closed" | "limit" | "cancelled" | "withdrawn";
                        stopToEntry: boolean;
                        t0Hit: boolean;
                        t0Price: number;
                        t0Share: number;
                        t1Price: number;
                        targetPrice: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            /** @description No signal has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The signal's state does not allow it. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. No live price for the instrument (the price feed is unavailable). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "signals-closePart": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    share: number | string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: {
                            name: string;
                            slug: string;
                            title: string;
                        } | null;
                        closedAt: string | null;
                        closeReason: string | null;
                        /** @description When the production of the recommendation was completed (ISO 8601): the publish request, or the approval of the draft (EU MAR Art. 20 labels) */
                        completedAt: string;
                        confidence: number;
                        createdAt: string;
                        currentPrice: number | null;
                        demo: boolean;
                        direction: string;
                        entryPrice: number;
                        exitPrice: number | null;
                        expiresAt: string | null;
                        id: number;
                        instrument: string;
                        memo: string;
                        monthlyBias: string;
                        openShare: number;
                        orderType: string;
                        parts: {
                            /** @enum {string} */
                            kind: "t0" | "manual" | "exit";
                            price: number;
                            share: number;
                        }[];
                        /** @description When the recommendation was first released (ISO 8601): its publication, which a later correction of createdAt does not move */
                        releasedAt: string;
                        result: {
                            pips: number;
                            r: number;
                        } | null;
                        riskPips: number | null;
                        room: string;
                        slPrice: number;
                        /** @enum {string} */
                        status: "active" | "paused" | "closed" | "limit" | "cancelled" | "withdrawn";
                        stopToEntry: boolean;
                        t0Hit: boolean;
                        t0Price: number;
                        t0Share: number;
                        t1Price: number;
                        targetPrice: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            /** @description No signal has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The signal's state does not allow it. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. No live price for the instrument (the price feed is unavailable). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "signals-disclosure": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        disclosuresPage: string;
                        instrument: string;
                        labels: {
                            author: {
                                name: string;
                                title: string;
                            } | null;
                            /** @description When the production was completed (ISO 8601) */
                            completedAt: string;
                            disclosure: string;
                            disclosureUrl: string;
                            legalPerson: string;
                            /** @description by <name>, <title> · completed <UTC> · released <UTC> */
                            line: string;
                            /** @description When it was first released (ISO 8601) */
                            releasedAt: string;
                            riskWarning: string;
                        };
                        riskPage: string;
                        room: string;
                        signalId: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.token"];
            /** @description No signal has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "signals-events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actor: string;
                        at: string;
                        context: {
                            author: string | null;
                            priceSource: string | null;
                            room: string;
                        } | null;
                        data: {
                            [key: string]: unknown;
                        };
                        hash: string | null;
                        id: number;
                        prevHash: string | null;
                        price: number | null;
                        salt: string | null;
                        signalId: number;
                        /** @enum {string} */
                        type: "created" | "edited" | "activated" | "t0_hit" | "partial_closed" | "stop_moved" | "closed" | "cancelled" | "withdrawn" | "deleted";
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description No signal has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "journal-exit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The trading account (default: Main) */
                    account?: string;
                    /** @description Default: now */
                    closedAt?: string;
                    price: number | string;
                    /** @description Percent of the position closed at this price */
                    share: number | string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: string;
                        contractSize: number | null;
                        /** @enum {string} */
                        decision: "took" | "skipped";
                        exits: {
                            /** @description ISO 8601 date-time */
                            closedAt: string;
                            price: number;
                            share: number;
                        }[];
                        fillPrice: number | null;
                        lots: number | null;
                        riskPercent: number | null;
                        signalId: number;
                        takenAt: string | null;
                        /** @description ISO 8601 date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description No signal of a room you hold or held when it was published. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description You have not marked this signal taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "journal-skipped": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The trading account (default: Main) */
                    account?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: string;
                        contractSize: number | null;
                        /** @enum {string} */
                        decision: "took" | "skipped";
                        exits: {
                            /** @description ISO 8601 date-time */
                            closedAt: string;
                            price: number;
                            share: number;
                        }[];
                        fillPrice: number | null;
                        lots: number | null;
                        riskPercent: number | null;
                        signalId: number;
                        takenAt: string | null;
                        /** @description ISO 8601 date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description No signal of a room you hold or held when it was published. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "journal-took": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The trading account (default: Main) */
                    account?: string;
                    /** @description Units per lot, for a result in money */
                    contractSize?: number | string;
                    /** @description Your fill (default: the signal's entry) */
                    fillPrice?: number | string;
                    lots?: number | string;
                    /** @description Percent of the account risked (default: your trading settings' position size) */
                    riskPercent?: number | string;
                    /** @description When you entered (default: now) */
                    takenAt?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: string;
                        contractSize: number | null;
                        /** @enum {string} */
                        decision: "took" | "skipped";
                        exits: {
                            /** @description ISO 8601 date-time */
                            closedAt: string;
                            price: number;
                            share: number;
                        }[];
                        fillPrice: number | null;
                        lots: number | null;
                        riskPercent: number | null;
                        signalId: number;
                        takenAt: string | null;
                        /** @description ISO 8601 date-time */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description No signal of a room you hold or held when it was published. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "signals-trailStop": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    slPrice: number | string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: {
                            name: string;
                            slug: string;
                            title: string;
                        } | null;
                        closedAt: string | null;
                        closeReason: string | null;
                        /** @description When the production of the recommendation was completed (ISO 8601): the publish request, or the approval of the draft (EU MAR Art. 20 labels) */
                        completedAt: string;
                        confidence: number;
                        createdAt: string;
                        currentPrice: number | null;
                        demo: boolean;
                        direction: string;
                        entryPrice: number;
                        exitPrice: number | null;
                        expiresAt: string | null;
                        id: number;
                        instrument: string;
                        memo: string;
                        monthlyBias: string;
                        openShare: number;
                        orderType: string;
                        parts: {
                            /** @enum {string} */
                            kind: "t0" | "manual" | "exit";
                            price: number;
                            share: number;
                        }[];
                        /** @description When the recommendation was first released (ISO 8601): its publication, which a later correction of createdAt does not move */
                        releasedAt: string;
                        result: {
                            pips: number;
                            r: number;
                        } | null;
                        riskPips: number | null;
                        room: string;
                        slPrice: number;
                        /** @enum {string} */
                        status: "active" | "paused" | "closed" | "limit" | "cancelled" | "withdrawn";
                        stopToEntry: boolean;
                        t0Hit: boolean;
                        t0Price: number;
                        t0Share: number;
                        t1Price: number;
                        targetPrice: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            /** @description No signal has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The signal's state does not allow it. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. No live price for the instrument (the price feed is unavailable). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "signals-withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: {
                            name: string;
                            slug: string;
                            title: string;
                        } | null;
                        closedAt: string | null;
                        closeReason: string | null;
                        /** @description When the production of the recommendation was completed (ISO 8601): the publish request, or the approval of the draft (EU MAR Art. 20 labels) */
                        completedAt: string;
                        confidence: number;
                        createdAt: string;
                        currentPrice: number | null;
                        demo: boolean;
                        direction: string;
                        entryPrice: number;
                        exitPrice: number | null;
                        expiresAt: string | null;
                        id: number;
                        instrument: string;
                        memo: string;
                        monthlyBias: string;
                        openShare: number;
                        orderType: string;
                        parts: {
                            /** @enum {string} */
                            kind: "t0" | "manual" | "exit";
                            price: number;
                            share: number;
                        }[];
                        /** @description When the recommendation was first released (ISO 8601): its publication, which a later correction of createdAt does not move */
                        releasedAt: string;
                        result: {
                            pips: number;
                            r: number;
                        } | null;
                        riskPips: number | null;
                        room: string;
                        slPrice: number;
                        /** @enum {string} */
                        status: "active" | "paused" | "closed" | "limit" | "cancelled" | "withdrawn";
                        stopToEntry: boolean;
                        t0Hit: boolean;
                        t0Price: number;
                        t0Share: number;
                        t1Price: number;
                        targetPrice: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-desk"];
            /** @description No signal has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The signal's state does not allow it. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. A filled signal and no live price for its instrument. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "signals-audience": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subscribers: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.admin"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "site-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        brokerWidgetUrl: string;
                        /** @enum {string} */
                        defaultLanguage: "en" | "es" | "pt-BR" | "ar";
                        educationUrl: string;
                        isProduction: boolean;
                        legalVersions: {
                            refund: number;
                            risk: number;
                            terms: number;
                        };
                        marketing: {
                            activeSignals: string;
                            activeTraders: string;
                            live: boolean;
                            marketMoves: string;
                            signals: string;
                            support: string;
                            traders: string;
                        };
                        supportEmail: string;
                    };
                };
            };
            401: components["responses"]["UNAUTHORIZED.token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "live-stream": {
        parameters: {
            query?: {
                /** @description Resume after this event id (for clients that cannot set headers) */
                lastEventId?: string;
            };
            header?: {
                /** @description Resume after this event id */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description `Last-Event-ID` (or `lastEventId`) is not an event id. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description Too many failed API-token attempts from this client address. Too many open streams from this client address: close some first. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. Too many open streams on this server: retry later. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "telegram-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        botUsername: string;
                        expiresAt: string;
                        url: string;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. Telegram is not configured on this server. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description A cross-site request (its `Origin` is another site). A `read` API token on a write. A session short of its second factor may not link a chat. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            /** @description The database is not answering. Telegram cannot be reached. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.SERVICE_UNAVAILABLE"];
                };
            };
        };
    };
    "telegram-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        configured: boolean;
                        linked: boolean;
                        linkedAt: string | null;
                        username: string | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "telegram-unlink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        configured: boolean;
                        linked: boolean;
                        linkedAt: string | null;
                        username: string | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "test-activateSubscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /** @default monthly */
                    plan?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        user: {
                            access: {
                                [key: string]: string | null;
                            };
                            adminEmailPending?: boolean;
                            email: string;
                            firstName: string | null;
                            hasActiveSubscription: boolean;
                            id: number;
                            isAdmin: boolean;
                            isAnalyst?: boolean;
                            lastName: string | null;
                            profileImageUrl: string | null;
                            /** @enum {string} */
                            secondFactor: "not_needed" | "passed" | "code_required" | "enrolment_required";
                            subscriptionStatus: string;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            404: components["responses"]["NOT_FOUND.production"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "test-checkoutSuccess": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /** @default monthly */
                    plan?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accountCreated: boolean;
                        message: string;
                        /** @constant */
                        success: true;
                        user: {
                            access: {
                                [key: string]: string | null;
                            };
                            adminEmailPending?: boolean;
                            email: string;
                            firstName: string | null;
                            hasActiveSubscription: boolean;
                            id: number;
                            isAdmin: boolean;
                            isAnalyst?: boolean;
                            lastName: string | null;
                            profileImageUrl: string | null;
                            /** @enum {string} */
                            secondFactor: "not_needed" | "passed" | "code_required" | "enrolment_required";
                            subscriptionStatus: string;
                        };
                        welcomeEmailSent: boolean;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            404: components["responses"]["NOT_FOUND.production"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "test-deactivateSubscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @constant */
                        success: true;
                        user: {
                            access: {
                                [key: string]: string | null;
                            };
                            adminEmailPending?: boolean;
                            email: string;
                            firstName: string | null;
                            hasActiveSubscription: boolean;
                            id: number;
                            isAdmin: boolean;
                            isAnalyst?: boolean;
                            lastName: string | null;
                            profileImageUrl: string | null;
                            /** @enum {string} */
                            secondFactor: "not_needed" | "passed" | "code_required" | "enrolment_required";
                            subscriptionStatus: string;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description In production, where the test helpers do not exist. No account has this e-mail address. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "test-dispute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        disputeId: string;
                        message: string;
                        user: {
                            access: {
                                [key: string]: string | null;
                            };
                            adminEmailPending?: boolean;
                            email: string;
                            firstName: string | null;
                            hasActiveSubscription: boolean;
                            id: number;
                            isAdmin: boolean;
                            isAnalyst?: boolean;
                            lastName: string | null;
                            profileImageUrl: string | null;
                            /** @enum {string} */
                            secondFactor: "not_needed" | "passed" | "code_required" | "enrolment_required";
                            subscriptionStatus: string;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description In production, where the test helpers do not exist. No account has this e-mail address, or it has no test-mode payment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "test-getUser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            access: {
                                [key: string]: string | null;
                            };
                            adminEmailPending?: boolean;
                            email: string;
                            firstName: string | null;
                            hasActiveSubscription: boolean;
                            id: number;
                            isAdmin: boolean;
                            isAnalyst?: boolean;
                            lastName: string | null;
                            profileImageUrl: string | null;
                            /** @enum {string} */
                            secondFactor: "not_needed" | "passed" | "code_required" | "enrolment_required";
                            subscriptionStatus: string;
                        };
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description In production, where the test helpers do not exist. No account has this e-mail address. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "test-plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plans: {
                            interval: ("month" | "year") | null;
                            intervalCount: number | null;
                            isDefault: boolean;
                            key: string;
                            listed: boolean;
                            name: string;
                            passDays: number | null;
                            /** @enum {string} */
                            terms: "recurring" | "pass" | "lifetime" | "free";
                        }[];
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.token"];
            404: components["responses"]["NOT_FOUND.production"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "journal-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 date-time */
                        createdAt: string;
                        id: number;
                        name: string;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "journal-addAccount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 date-time */
                        createdAt: string;
                        id: number;
                        name: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description You have an account of this name. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "apiTokens-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        expiresAt: string | null;
                        id: number;
                        lastUsedAt: string | null;
                        name: string;
                        prefix: string;
                        revokedAt: string | null;
                        /** @enum {string} */
                        scope: "read" | "read-write";
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.session"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "apiTokens-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 90 */
                    expiresInDays?: 30 | 90 | 365 | null;
                    name: string;
                    /** @enum {string} */
                    scope: "read" | "read-write";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiToken: {
                            createdAt: string;
                            expiresAt: string | null;
                            id: number;
                            lastUsedAt: string | null;
                            name: string;
                            prefix: string;
                            revokedAt: string | null;
                            /** @enum {string} */
                            scope: "read" | "read-write";
                        };
                        token: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-session"];
            /** @description The most active tokens an account may have: revoke one first. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "apiTokens-revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        expiresAt: string | null;
                        id: number;
                        lastUsedAt: string | null;
                        name: string;
                        prefix: string;
                        revokedAt: string | null;
                        /** @enum {string} */
                        scope: "read" | "read-write";
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-session"];
            /** @description No token of yours has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "delivery-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: number;
                        channel: string;
                        createdAt: string;
                        endpointId: number | null;
                        error: string | null;
                        event: string;
                        id: number;
                        latencyMs: number | null;
                        sentAt: string | null;
                        /** @enum {string} */
                        status: "queued" | "held" | "sent" | "failed" | "skipped";
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "delivery-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        analysts: {
                            analyst: string;
                            /** @enum {string} */
                            channel: "email" | "web_push" | "telegram" | "discord" | "webhook";
                            /** @enum {string} */
                            rule: "mute" | "follow";
                        }[];
                        channels: {
                            activated: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            broadcast: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            closed: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            desk_message: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            price_alert: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            published: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            stop_moved: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            t0_hit: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            withdrawn: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                        };
                        channelStates: {
                            /** @enum {string} */
                            discord: "ready" | "not_configured";
                            /** @enum {string} */
                            email: "ready" | "not_configured";
                            /** @enum {string} */
                            in_app: "ready" | "not_configured";
                            /** @enum {string} */
                            telegram: "ready" | "not_configured";
                            /** @enum {string} */
                            web_push: "ready" | "not_configured";
                            /** @enum {string} */
                            webhook: "ready" | "not_configured";
                        };
                        discordWebhookUrl: string | null;
                        instruments: ("AUDUSD" | "GBPJPY" | "GBPUSD" | "US30")[];
                        quietHours: {
                            end: string;
                            start: string;
                            urgentStillComes: boolean;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "delivery-savePreferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    analysts?: {
                        analyst: string;
                        /** @enum {string} */
                        channel: "email" | "web_push" | "telegram" | "discord" | "webhook";
                        /** @enum {string} */
                        rule: "mute" | "follow";
                    }[];
                    channels: {
                        activated: {
                            discord: boolean;
                            email: boolean;
                            in_app: boolean;
                            telegram: boolean;
                            web_push: boolean;
                            webhook: boolean;
                        };
                        broadcast: {
                            discord: boolean;
                            email: boolean;
                            in_app: boolean;
                            telegram: boolean;
                            web_push: boolean;
                            webhook: boolean;
                        };
                        closed: {
                            discord: boolean;
                            email: boolean;
                            in_app: boolean;
                            telegram: boolean;
                            web_push: boolean;
                            webhook: boolean;
                        };
                        desk_message: {
                            discord: boolean;
                            email: boolean;
                            in_app: boolean;
                            telegram: boolean;
                            web_push: boolean;
                            webhook: boolean;
                        };
                        price_alert: {
                            discord: boolean;
                            email: boolean;
                            in_app: boolean;
                            telegram: boolean;
                            web_push: boolean;
                            webhook: boolean;
                        };
                        published: {
                            discord: boolean;
                            email: boolean;
                            in_app: boolean;
                            telegram: boolean;
                            web_push: boolean;
                            webhook: boolean;
                        };
                        stop_moved: {
                            discord: boolean;
                            email: boolean;
                            in_app: boolean;
                            telegram: boolean;
                            web_push: boolean;
                            webhook: boolean;
                        };
                        t0_hit: {
                            discord: boolean;
                            email: boolean;
                            in_app: boolean;
                            telegram: boolean;
                            web_push: boolean;
                            webhook: boolean;
                        };
                        withdrawn: {
                            discord: boolean;
                            email: boolean;
                            in_app: boolean;
                            telegram: boolean;
                            web_push: boolean;
                            webhook: boolean;
                        };
                    };
                    discordWebhookUrl: string | null;
                    instruments: ("AUDUSD" | "GBPJPY" | "GBPUSD" | "US30")[];
                    quietHours: {
                        end: string;
                        start: string;
                        urgentStillComes: boolean;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        analysts: {
                            analyst: string;
                            /** @enum {string} */
                            channel: "email" | "web_push" | "telegram" | "discord" | "webhook";
                            /** @enum {string} */
                            rule: "mute" | "follow";
                        }[];
                        channels: {
                            activated: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            broadcast: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            closed: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            desk_message: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            price_alert: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            published: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            stop_moved: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            t0_hit: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                            withdrawn: {
                                discord: boolean;
                                email: boolean;
                                in_app: boolean;
                                telegram: boolean;
                                web_push: boolean;
                                webhook: boolean;
                            };
                        };
                        channelStates: {
                            /** @enum {string} */
                            discord: "ready" | "not_configured";
                            /** @enum {string} */
                            email: "ready" | "not_configured";
                            /** @enum {string} */
                            in_app: "ready" | "not_configured";
                            /** @enum {string} */
                            telegram: "ready" | "not_configured";
                            /** @enum {string} */
                            web_push: "ready" | "not_configured";
                            /** @enum {string} */
                            webhook: "ready" | "not_configured";
                        };
                        discordWebhookUrl: string | null;
                        instruments: ("AUDUSD" | "GBPJPY" | "GBPUSD" | "US30")[];
                        quietHours: {
                            end: string;
                            start: string;
                            urgentStillComes: boolean;
                        } | null;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. Discord is not configured, it refuses the Discord webhook URL, or an analyst rule names no analyst (or follows and mutes one analyst on one channel). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description A cross-site request (its `Origin` is another site). A `read` API token on a write. A session short of its second factor may not change where deliveries go. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "journal-importedTrades": {
        parameters: {
            query?: {
                unmatched?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: string;
                        closedAt: string | null;
                        closePrice: number | null;
                        direction: string;
                        id: number;
                        instrument: string | null;
                        /** @description ISO 8601 date-time */
                        openedAt: string;
                        openPrice: number;
                        profit: number | null;
                        ref: string;
                        signalId: number | null;
                        /** @enum {string} */
                        source: "mt5" | "csv";
                        symbol: string;
                        volume: number;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "journal-importCandidates": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        direction: string;
                        id: number;
                        instrument: string;
                        /** @description ISO 8601 date-time */
                        publishedAt: string;
                        status: string;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description No imported trade of yours has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "journal-matchImportedTrade": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    signalId: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: string;
                        closedAt: string | null;
                        closePrice: number | null;
                        direction: string;
                        id: number;
                        instrument: string | null;
                        /** @description ISO 8601 date-time */
                        openedAt: string;
                        openPrice: number;
                        profit: number | null;
                        ref: string;
                        signalId: number | null;
                        /** @enum {string} */
                        source: "mt5" | "csv";
                        symbol: string;
                        volume: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description No imported trade of yours has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "journal-importTrades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The trading account (default: Main) */
                    account?: string;
                    content?: string;
                    contentBase64?: string;
                    /** @enum {string} */
                    format: "mt5" | "csv";
                    preview?: boolean;
                    /** @description The report's server time against UTC, in minutes (MetaTrader servers often keep +120 or +180) */
                    serverOffsetMinutes?: number;
                    /** @description Broker symbols to our instruments, where the suffix rule does not find them: { "DJ30": "US30" } */
                    symbolMap?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        added: number;
                        alreadyImported: number;
                        matched: number;
                        /** @description The report has wall times and no serverOffsetMinutes was given: nothing written */
                        needsOffset: boolean;
                        /** @description The offset used (null: a preview that needs one) */
                        offsetMinutes: number | null;
                        preview: boolean;
                        rows: {
                            direction: string;
                            instrument: string | null;
                            /** @description ISO 8601 date-time */
                            openedAt: string;
                            ref: string;
                            signalId: number | null;
                            symbol: string;
                        }[];
                        /** @description The server offset that matches the most trades */
                        suggestedOffsetMinutes: number | null;
                        /** @description Trades the report lists */
                        trades: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "messages-mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        canWrite: boolean;
                        messages: {
                            createdAt: string;
                            id: number;
                            imageUrl: string | null;
                            isFromAdmin: boolean;
                            isRead: boolean;
                            message: string | null;
                            readAt: string | null;
                            userId: number;
                        }[];
                        notice: string;
                        reason: string | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "messages-send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    imageUrl?: string;
                    message?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        id: number;
                        imageUrl: string | null;
                        isFromAdmin: boolean;
                        isRead: boolean;
                        message: string | null;
                        readAt: string | null;
                        userId: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description A cross-site request (its `Origin` is another site). A `read` API token on a write. Access has ended, or the desk stopped messages from this account. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            /** @description Too many failed API-token attempts from this client address. MESSAGES_PER_DAY reached (Retry-After). */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "messages-read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        marked: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "messages-uploadImage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    fileName?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        uploadURL: string;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. The file name is not of an image type. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "userNotifications-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        isRead: boolean;
                        notification: {
                            createdAt: string;
                            id: number;
                            locked?: boolean;
                            message: string;
                            priority: string;
                            title: string;
                            type: string;
                        };
                        readAt: string | null;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "userNotifications-markRead": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        isRead: boolean;
                        notification: {
                            createdAt: string;
                            id: number;
                            locked?: boolean;
                            message: string;
                            priority: string;
                            title: string;
                            type: string;
                        };
                        readAt: string | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description No notification of yours has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "userNotifications-markUnread": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        isRead: boolean;
                        notification: {
                            createdAt: string;
                            id: number;
                            locked?: boolean;
                            message: string;
                            priority: string;
                            title: string;
                            type: string;
                        };
                        readAt: string | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            /** @description No notification of yours has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "userNotifications-markAllReadAlias": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "userNotifications-markAllRead": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "userNotifications-unreadCount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "preferences-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        language: ("en" | "es" | "pt-BR" | "ar") | null;
                        timeZone: string | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "preferences-save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    language?: ("en" | "es" | "pt-BR" | "ar") | null;
                    timeZone?: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        language: ("en" | "es" | "pt-BR" | "ar") | null;
                        timeZone: string | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "priceAlerts-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** @enum {string} */
                        condition: "above" | "below" | "crossing";
                        /** @description ISO 8601 date-time */
                        createdAt: string;
                        firedCount: number;
                        id: number;
                        instrument: string;
                        lastFiredAt: string | null;
                        level: number;
                        note: string;
                        /** @enum {string} */
                        repeat: "once" | "every";
                        /** @enum {string} */
                        side: "bid" | "ask" | "mid";
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.subscriber"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "priceAlerts-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    condition: "above" | "below" | "crossing";
                    instrument: string;
                    level: number | string;
                    /** @default  */
                    note?: string;
                    /**
                     * @default once
                     * @enum {string}
                     */
                    repeat?: "once" | "every";
                    /**
                     * @default mid
                     * @enum {string}
                     */
                    side?: "bid" | "ask" | "mid";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** @enum {string} */
                        condition: "above" | "below" | "crossing";
                        /** @description ISO 8601 date-time */
                        createdAt: string;
                        firedCount: number;
                        id: number;
                        instrument: string;
                        lastFiredAt: string | null;
                        level: number;
                        note: string;
                        /** @enum {string} */
                        repeat: "once" | "every";
                        /** @enum {string} */
                        side: "bid" | "ask" | "mid";
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-subscriber"];
            /** @description You have 50 price alerts already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "priceAlerts-remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-subscriber"];
            /** @description No price alert of yours has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "priceAlerts-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description false pauses it; true arms it again */
                    active?: boolean;
                    /** @enum {string} */
                    condition?: "above" | "below" | "crossing";
                    level?: number | string;
                    note?: string;
                    /** @enum {string} */
                    repeat?: "once" | "every";
                    /** @enum {string} */
                    side?: "bid" | "ask" | "mid";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** @enum {string} */
                        condition: "above" | "below" | "crossing";
                        /** @description ISO 8601 date-time */
                        createdAt: string;
                        firedCount: number;
                        id: number;
                        instrument: string;
                        lastFiredAt: string | null;
                        level: number;
                        note: string;
                        /** @enum {string} */
                        repeat: "once" | "every";
                        /** @enum {string} */
                        side: "bid" | "ask" | "mid";
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-subscriber"];
            /** @description No price alert of yours has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "referral-state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string | null;
                        commissionPercent: number;
                        cookieDays: number;
                        currentDisclosure: string;
                        disclosure: string;
                        enrolled: boolean;
                        figures: {
                            clicks: number;
                            conversions: number;
                            earnings: {
                                clawedBack: number;
                                currency: string;
                                paid: number;
                                payable: number;
                                pending: number;
                            }[];
                            signUps: number;
                        };
                        holdDays: number;
                        link: string | null;
                        status: ("active" | "suspended") | null;
                        termsAcceptedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "referral-accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    disclosure: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string | null;
                        commissionPercent: number;
                        cookieDays: number;
                        currentDisclosure: string;
                        disclosure: string;
                        enrolled: boolean;
                        figures: {
                            clicks: number;
                            conversions: number;
                            earnings: {
                                clawedBack: number;
                                currency: string;
                                paid: number;
                                payable: number;
                                pending: number;
                            }[];
                            signUps: number;
                        };
                        holdDays: number;
                        link: string | null;
                        status: ("active" | "suspended") | null;
                        termsAcceptedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            /** @description A cross-site request (its `Origin` is another site). A `read` API token on a write. The affiliate account is suspended. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "journal-results": {
        parameters: {
            query?: {
                account?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        curves: {
                            desk: {
                                /** @description ISO 8601 date-time */
                                at: string;
                                r: number;
                            }[];
                            mine: {
                                /** @description ISO 8601 date-time */
                                at: string;
                                r: number;
                            }[];
                        };
                        /** @description Had you taken every signal of your rooms since your first entry at your risk: the desk’s closed trades, in R and in percent */
                        everySignal: {
                            accountPercent: number;
                            r: number;
                            riskPercent: number;
                            signals: number;
                            /** @description ISO 8601 date-time */
                            since: string;
                        } | null;
                        notice: string;
                        summary: {
                            closed: number;
                            deskTotalR: number;
                            meanR: number | null;
                            medianSlippagePips: number | null;
                            skipped: number;
                            taken: number;
                            totalR: number;
                            winRate: number | null;
                        };
                        trades: {
                            account: string;
                            accountPercent: number | null;
                            closedAt: string | null;
                            /** @enum {string} */
                            decision: "took" | "skipped";
                            deskEntry: number | null;
                            /** @description The desk's R for this signal (null until it traded and closed) */
                            deskR: number | null;
                            direction: string;
                            /** @description The fill lies outside the prices the desk's feed saw: kept, and marked */
                            farFromFeed: boolean;
                            fillPrice: number | null;
                            instrument: string;
                            /** @description In the instrument's quote currency; only with lots and contract size */
                            money: number | null;
                            open: boolean;
                            pips: number | null;
                            publishedAt: string | null;
                            /** @description Your R: your fills against the stop the signal was published with */
                            r: number | null;
                            riskPercent: number | null;
                            room: string;
                            signalId: number;
                            /** @description Your fill against the desk's entry: positive is worse */
                            slippagePips: number | null;
                            takenAt: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "delivery-webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        description: string;
                        disabledReason: string | null;
                        enabled: boolean;
                        id: number;
                        url: string;
                    }[];
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.subscriber"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "delivery-createWebhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    url: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        description: string;
                        disabledReason: string | null;
                        enabled: boolean;
                        id: number;
                        secret: string;
                        url: string;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. Webhooks are not configured, the URL is refused, or the most endpoints an account may have. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-subscriber"];
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "delivery-deleteWebhook": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-subscriber"];
            /** @description No endpoint of yours has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "delivery-enableWebhook": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        description: string;
                        disabledReason: string | null;
                        enabled: boolean;
                        id: number;
                        url: string;
                    };
                };
            };
            400: components["responses"]["BAD_REQUEST.input-json"];
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-subscriber"];
            /** @description No endpoint of yours has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
    "delivery-testWebhook": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveryId: number;
                    };
                };
            };
            /** @description The input is refused: `fields` names each field, with a `code`; `message` is the first. The body is not well-formed JSON. The endpoint is disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            401: components["responses"]["UNAUTHORIZED.signedOut-token"];
            403: components["responses"]["FORBIDDEN.crossSite-readToken-subscriber"];
            /** @description No endpoint of yours has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["PAYLOAD_TOO_LARGE.body"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE.json"];
            429: components["responses"]["TOO_MANY_REQUESTS.tokens"];
            500: components["responses"]["INTERNAL_SERVER_ERROR.unexpected"];
            503: components["responses"]["SERVICE_UNAVAILABLE.database"];
        };
    };
}
