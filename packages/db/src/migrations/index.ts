import type { Migration } from 'kysely';
import * as initialSchema from './20260101000000_initial_schema';
import * as accountSettings from './20260102000000_account_settings';
import * as paymentsAndMail from './20260110000000_payments_and_mail';
import * as changeNotices from './20260120000000_change_notices';
import * as liveEvents from './20261123000000_live_events';
import * as authAttempts from './20261124000000_auth_attempts';
import * as usersEmailLowerUnique from './20261124500000_users_email_lower_unique';
import * as usedUploadUrls from './20261124500001_used_upload_urls';
import * as signalLifecycle from './20261126000000_signal_lifecycle';
import * as candles from './20261127000000_candles';
import * as accountSizeAndTimeZone from './20261127000100_account_size_and_time_zone';
import * as broadcastsStoredOnce from './20261127000200_broadcasts_stored_once';
import * as apiTokens from './20261128000000_api_tokens';
import * as deliveries from './20261128500000_deliveries';
import * as adminSecondFactor from './20261129000000_admin_second_factor';
import * as auditLog from './20261129000100_audit_log';
import * as billing from './20261129500000_billing';
import * as siteSettings from './20261130000000_site_settings';
import * as pushSubscriptions from './20261201000000_push_subscriptions';
import * as telegramLinks from './20261202000000_telegram_links';
import * as adminUsers from './20261203000000_admin_users';
import * as emailLogAndSubscriptionDates from './20261204000000_email_log_and_subscription_dates';
import * as deliveryClaims from './20261205000000_delivery_claims';
import * as welcomeEmailClaims from './20261206000000_welcome_email_claims';
import * as signalEventSalts from './20261207000000_signal_event_salts';
import * as apiTokenExpiry from './20261207200000_api_token_expiry';
import * as guessingBudgets from './20261207300000_guessing_budgets';
import * as signalParts from './20261208000000_signal_parts';
import * as recordCheckpoints from './20261207500000_record_checkpoints';
import * as auditOutcome from './20261207400000_audit_outcome';
import * as instruments from './20261208100000_instruments';
import * as communityAccess from './20261212000000_community_access';
import * as alertSourcesAndDrafts from './20261213000000_alert_sources_and_drafts';
import * as trialsAndPromotionCodes from './20261214000000_trials_and_promotion_codes';
import * as outboxAndEventFence from './20261215000000_outbox_and_event_fence';
import * as signalPricedAt from './20261216000000_signal_priced_at';
import * as eventsFenceBound from './20261217000000_events_fence_bound';
import * as adminEmailProof from './20261218000000_admin_email_proof';
import * as roomsAndPlans from './20261219000000_rooms_and_plans';
import * as communityRooms from './20261220000000_community_rooms';
import * as promotionCodePlans from './20261221000000_promotion_code_plans';
import * as planChanges from './20261223000000_plan_changes';
import * as roomsBackfillCorrections from './20261224000000_rooms_backfill_corrections';
import * as analysts from './20261225000000_analysts';
import * as blacklistKinds from './20261226000000_blacklist_kinds';
import * as signalLabels from './20261228000000_signal_labels';
import * as deliveryAnalystRules from './20261229000000_delivery_analyst_rules';
import * as journal from './20261230000000_journal';
import * as priceAlerts from './20261231000000_price_alerts';
import * as messageThreads from './20270101000000_message_threads';
import * as recordGaps from './20270105000000_record_gaps';
import * as scheduledBackups from './20270105100000_scheduled_backups';
import * as ledger from './20270102000000_ledger';
import * as userLanguage from './20270103000000_user_language';
import * as whop from './20270106000000_whop';
import * as disputeEvidenceSubmissions from './20270107000000_dispute_evidence_submissions';
import * as savedReplies from './20270108000000_saved_replies';
import * as legalConsent from './20270109000000_legal_consent';
import * as affiliates from './20270110000000_affiliates';
import * as userCardFingerprints from './20270111000000_user_card_fingerprints';
import * as dunning from './20270112000000_dunning';
import * as winBackStripe from './20270113000000_win_back_stripe';
import * as winBackFailure from './20270114000000_win_back_failure';

// Explicit list: every migration is named here, in order. Never edit a landed migration.
export const migrations: Record<string, Migration> = {
  '20260101000000_initial_schema': initialSchema,
  '20260102000000_account_settings': accountSettings,
  '20260110000000_payments_and_mail': paymentsAndMail,
  '20260120000000_change_notices': changeNotices,
  '20261123000000_live_events': liveEvents,
  '20261124000000_auth_attempts': authAttempts,
  '20261124500000_users_email_lower_unique': usersEmailLowerUnique,
  '20261124500001_used_upload_urls': usedUploadUrls,
  '20261126000000_signal_lifecycle': signalLifecycle,
  '20261127000000_candles': candles,
  '20261127000100_account_size_and_time_zone': accountSizeAndTimeZone,
  '20261127000200_broadcasts_stored_once': broadcastsStoredOnce,
  '20261128000000_api_tokens': apiTokens,
  '20261128500000_deliveries': deliveries,
  '20261129000000_admin_second_factor': adminSecondFactor,
  '20261129000100_audit_log': auditLog,
  '20261129500000_billing': billing,
  '20261130000000_site_settings': siteSettings,
  '20261201000000_push_subscriptions': pushSubscriptions,
  '20261202000000_telegram_links': telegramLinks,
  '20261203000000_admin_users': adminUsers,
  '20261204000000_email_log_and_subscription_dates': emailLogAndSubscriptionDates,
  '20261205000000_delivery_claims': deliveryClaims,
  '20261206000000_welcome_email_claims': welcomeEmailClaims,
  '20261207000000_signal_event_salts': signalEventSalts,
  '20261207200000_api_token_expiry': apiTokenExpiry,
  '20261207300000_guessing_budgets': guessingBudgets,
  '20261208000000_signal_parts': signalParts,
  '20261207500000_record_checkpoints': recordCheckpoints,
  '20261207400000_audit_outcome': auditOutcome,
  '20261208100000_instruments': instruments,
  '20261212000000_community_access': communityAccess,
  '20261213000000_alert_sources_and_drafts': alertSourcesAndDrafts,
  '20261214000000_trials_and_promotion_codes': trialsAndPromotionCodes,
  '20261215000000_outbox_and_event_fence': outboxAndEventFence,
  '20261216000000_signal_priced_at': signalPricedAt,
  '20261217000000_events_fence_bound': eventsFenceBound,
  '20261218000000_admin_email_proof': adminEmailProof,
  '20261219000000_rooms_and_plans': roomsAndPlans,
  '20261220000000_community_rooms': communityRooms,
  '20261221000000_promotion_code_plans': promotionCodePlans,
  '20261223000000_plan_changes': planChanges,
  '20261224000000_rooms_backfill_corrections': roomsBackfillCorrections,
  '20261225000000_analysts': analysts,
  '20261226000000_blacklist_kinds': blacklistKinds,
  '20261228000000_signal_labels': signalLabels,
  '20261229000000_delivery_analyst_rules': deliveryAnalystRules,
  '20261230000000_journal': journal,
  '20261231000000_price_alerts': priceAlerts,
  '20270101000000_message_threads': messageThreads,
  '20270105000000_record_gaps': recordGaps,
  '20270105100000_scheduled_backups': scheduledBackups,
  '20270102000000_ledger': ledger,
  '20270103000000_user_language': userLanguage,
  '20270106000000_whop': whop,
  '20270107000000_dispute_evidence_submissions': disputeEvidenceSubmissions,
  '20270108000000_saved_replies': savedReplies,
  '20270109000000_legal_consent': legalConsent,
  '20270110000000_affiliates': affiliates,
  '20270111000000_user_card_fingerprints': userCardFingerprints,
  '20270112000000_dunning': dunning,
  '20270113000000_win_back_stripe': winBackStripe,
  '20270114000000_win_back_failure': winBackFailure,
};
