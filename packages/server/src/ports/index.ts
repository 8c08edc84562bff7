import type { PasswordHasher } from './hasher';
import type { CommunityPorts } from './community';
import type { DeliveryPorts } from './delivery';
import type { Jobs } from './jobs';
import type { Mailer } from './mailer';
import type { Payments } from './payments';
import type { PriceFeed } from './prices';
import type { ImageLinkSigner, Storage, UploadSigner } from './storage';
import type { RecordSigner } from '../record/signer';

export type { PasswordHasher } from './hasher';
export type { Jobs, JobToSend } from './jobs';
export {
  ChannelSendError,
  type ChannelTransport,
  type DeliveryMessage,
  type DeliveryPorts,
  type DeliveryTarget,
  type PushDevice,
  type PushDeviceOutcome,
} from './delivery';
export { readThrough, type HotReads } from './hot-reads';
export type { TelegramBot } from './telegram';
export { CommunityError, type CommunityPorts, type DiscordGuild, type PaidTelegramChats } from './community';
export type { MailMessage, Mailer } from './mailer';
export type {
  CheckoutPlan,
  CheckoutRequest,
  CheckoutStarted,
  CustomerBilling,
  PaymentEvent,
  PaymentEventEnvelope,
  PaymentProvider,
  Payments,
  ProviderBilling,
  ProviderDisputeEvidence,
  ProviderPayment,
  ProviderRefund,
  ProviderPlanChange,
  ProviderPlanQuote,
  ProviderPrice,
  ProviderWinBackOffer,
} from './payments';
export { PaymentRefusedError, PlanNotForSaleError } from './payments';
export type { PriceFeed, PriceHistoryRequest, PriceMap, PriceSnapshot } from './prices';
export type { SessionControl } from './session';
export {
  LiveAddressLimitError,
  LiveCapacityError,
  type LiveMessage,
  type LiveStream,
  type LiveStreams,
  type LiveViewer,
} from './live';
export type {
  ImageLinkCheck,
  ImageLinkSigner,
  Storage,
  UploadGrant,
  UploadPurpose,
  UploadSigner,
  UploadTokenCheck,
} from './storage';

/** Adapters behind the ports, built once by the server. */
export interface Ports {
  mailer: Mailer;
  hasher: PasswordHasher;
  storage: Storage;
  uploads: UploadSigner;
  /** Short-lived links, bound to their viewer, to the images of desk threads. */
  imageLinks: ImageLinkSigner;
  prices: PriceFeed;
  payments: Payments;
  jobs: Jobs;
  delivery: DeliveryPorts;
  /** The paid Telegram chat and the Discord role, when configured. */
  community?: CommunityPorts;
  /** The record's Ed25519 key: signs checkpoints of the signal event chain (absent: none are signed). */
  record?: RecordSigner;
}
