import type { Db } from '@t0/db';
import { sql } from 'kysely';
import { NOTIFICATION_SETTINGS_DEFAULTS, TRADING_CONFIG_DEFAULTS } from '@t0/contracts/domain/common/constants';
import type { NotificationSettings, SavedTradingConfig, TradingConfig } from '@t0/contracts/schemas/auth/auth';
import { transact } from '../core/transaction';

export async function readTradingConfig(db: Db, userId: number): Promise<SavedTradingConfig> {
  const row = await db
    .selectFrom('userSettings')
    .select(['positionSize', 'riskTolerance', 'autoExecute', 'maxDailyTrades', 'accountSize'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!row) return { ...TRADING_CONFIG_DEFAULTS };
  return {
    positionSize: row.positionSize as SavedTradingConfig['positionSize'],
    riskTolerance: row.riskTolerance as SavedTradingConfig['riskTolerance'],
    autoExecute: row.autoExecute,
    maxDailyTrades: row.maxDailyTrades,
    accountSize: row.accountSize === null ? null : Number(row.accountSize),
  };
}

/** Saves the config; an absent `accountSize` (a script sending the spec's four fields) keeps the saved one. */
export async function saveTradingConfig(db: Db, userId: number, config: TradingConfig) {
  const { accountSize, ...rest } = config;
  const values = accountSize === undefined ? rest : { ...rest, accountSize };
  await db
    .insertInto('userSettings')
    .values({ userId, ...values })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ ...values, updatedAt: sql<Date>`now()` }))
    .execute();
}

export async function readNotificationSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const row = await db
    .selectFrom('users')
    .leftJoin('userSettings', 'userSettings.userId', 'users.id')
    .select([
      'users.emailNotificationsEnabled',
      'userSettings.smsAlerts',
      'userSettings.tradingSignals',
      'userSettings.priceAlerts',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  const d = NOTIFICATION_SETTINGS_DEFAULTS;
  return {
    emailNotifications: row?.emailNotificationsEnabled ?? d.emailNotifications,
    smsAlerts: row?.smsAlerts ?? d.smsAlerts,
    tradingSignals: row?.tradingSignals ?? d.tradingSignals,
    priceAlerts: row?.priceAlerts ?? d.priceAlerts,
  };
}

/** E-mail notifications live on users (signal e-mails read them there); the rest in user_settings. */
export async function saveNotificationSettings(db: Db, userId: number, s: NotificationSettings) {
  await transact(db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ emailNotificationsEnabled: s.emailNotifications, updatedAt: sql<Date>`now()` })
      .where('id', '=', userId)
      .execute();
    const rest = { smsAlerts: s.smsAlerts, tradingSignals: s.tradingSignals, priceAlerts: s.priceAlerts };
    await trx
      .insertInto('userSettings')
      .values({ userId, ...rest })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ ...rest, updatedAt: sql<Date>`now()` }))
      .execute();
  });
}
