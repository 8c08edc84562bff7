import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_CHOICES, DELIVERY_CHANNELS, mergeMatrix } from '@t0/contracts/domain/delivery/delivery';
import type { DeliveryPorts } from '../ports';
import type { Recipient } from './deliveries.queries';
import { CHANNEL_PORTS, channelsWithoutPort, routesFor, type RoutedItem } from './channels';

const recipient = (over: Partial<Recipient> = {}): Recipient => ({
  id: 1,
  email: 'a@t0.test',
  timeZone: null,
  language: null,
  alerts: { emailNotifications: true, tradingSignals: true, priceAlerts: true },
  choices: { ...DEFAULT_DELIVERY_CHOICES, discordWebhookUrl: null },
  endpoints: [],
  telegramChatId: null,
  viewer: { isAdmin: false, hasActiveSubscription: true, access: { main: null } },
  ...over,
});
const none: DeliveryPorts = { channels: {}, deskDiscordUrl: null, retryScheduleMs: [] };
const ctx = { delivery: none, pushUsers: new Set<number>() };
const noon = new Date('2026-11-24T12:00:00Z');
const published = { event: 'published' as const, urgent: false, instrument: 'US30', room: 'main' };
const closed = { event: 'closed' as const, urgent: true, instrument: 'US30', room: 'main' };
const channels = (r: Recipient, item: RoutedItem = published) =>
  routesFor(r, item, ctx, noon).map((x) => `${x.channel}${x.holdUntil ? ' held' : ''}`);

describe('the dispatcher', () => {
  it("routes a room's items only to its holders (and administrators), on no channel otherwise", () => {
    const other = recipient({ viewer: { isAdmin: false, hasActiveSubscription: true, access: { gold: null } } });
    const lapsed = recipient({
      viewer: { isAdmin: false, hasActiveSubscription: true, access: { main: '2026-11-24T11:59:59Z' } },
    });
    const admin = recipient({ viewer: { isAdmin: true, hasActiveSubscription: false, access: {} } });
    expect(channels(recipient())).not.toEqual([]);
    expect(channels(other)).toEqual([]);
    expect(channels(lapsed)).toEqual([]);
    expect(channels(admin)).toEqual(channels(recipient()));
    expect(channels(other, { ...published, room: null })).toEqual(channels(recipient()));
  });

  it('has exactly one port per channel, in the profile order', () => {
    expect(channelsWithoutPort()).toEqual([]);
    expect(CHANNEL_PORTS.map((p) => p.channel)).toEqual([...DELIVERY_CHANNELS]);
  });

  it('routes e-mail by the same rule as every channel: e-mail column, instrument filter, quiet hours, urgent still comes', () => {
    expect(channels(recipient())).toEqual(['in_app', 'email']);
    const off = mergeMatrix({ published: { email: false } });
    expect(
      channels(recipient({ choices: { ...DEFAULT_DELIVERY_CHOICES, channels: off, discordWebhookUrl: null } })),
    ).toEqual(['in_app']);
    const filtered = recipient({
      choices: { ...DEFAULT_DELIVERY_CHOICES, instruments: ['EURUSD'], discordWebhookUrl: null },
    });
    expect(channels(filtered)).toEqual([]);
    const quiet = recipient({
      choices: {
        ...DEFAULT_DELIVERY_CHOICES,
        quietHours: { start: '11:00', end: '13:00', urgentStillComes: true },
        discordWebhookUrl: null,
      },
    });
    expect(channels(quiet)).toEqual(['in_app', 'email held']);
    expect(channels(quiet, closed)).toEqual(['in_app', 'email']);
  });

  it('reaches a transported channel only when the server has it and the subscriber set it up', () => {
    const hook = recipient({ endpoints: [{ id: 7, url: 'https://x.test/h', secret: 's' }] });
    expect(channels(hook)).not.toContain('webhook');
    const withWebhooks = {
      delivery: {
        ...none,
        channels: { webhook: { channel: 'webhook' as const, send: async () => {}, checkTarget: async () => null } },
      },
      pushUsers: new Set<number>(),
    };
    expect(routesFor(hook, published, withWebhooks, noon).map((r) => r.channel)).toContain('webhook');
    expect(routesFor(recipient(), published, withWebhooks, noon).map((r) => r.channel)).not.toContain('webhook');
  });
});
