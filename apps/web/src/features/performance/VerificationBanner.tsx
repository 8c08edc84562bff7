import { Alert, Anchor, Text } from '@mantine/core';
import type { ChainVerification } from '@t0/contracts';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useRecordT } from './words';

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** Each gap a restore from a backup declared: which published checkpoint it fell behind, how much was lost. */
function DeclaredGaps({ gaps }: { gaps: NonNullable<ChainVerification['gaps']> }) {
  const { t } = useRecordT();
  if (!gaps.length) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('record:verify.gaps', { count: gaps.length })}
      data-testid="record-gaps"
      mt="sm"
    >
      {gaps.map((g) => (
        <Text size="sm" key={g.id}>
          {t('record:verify.gap', {
            declared: utc(g.declaredAt),
            head: g.restoredHeadId,
            events: g.restoredEventCount,
            checkpoint: g.lostCheckpoint.id,
            signed: utc(g.lostCheckpoint.createdAt),
            lost: g.lostCheckpoint.eventCount - g.restoredEventCount,
          })}{' '}
          (
          <Anchor href="/api/performance/gaps" size="sm" underline="always">
            {t('record:verify.gapsLink')}
          </Anchor>
          ).
        </Text>
      ))}
    </Alert>
  );
}

/** Whether the event log is whole, with the head hash to note (or the first broken event). */
export function VerificationBanner({ v }: { v: ChainVerification }) {
  const { t } = useRecordT();
  if (v.ok) {
    return (
      <>
        <Alert
          color="terminal"
          variant="light"
          icon={<IconShieldCheck size={18} aria-hidden />}
          title={t('record:verify.verified')}
          data-testid="verification"
          data-ok="true"
        >
          <Text size="sm">
            {t('record:verify.chained', { count: v.events })}{' '}
            {v.headHash && (
              <>
                {t('record:verify.head', { head: v.headId ?? '' })}{' '}
                <span className="t0-num" style={{ overflowWrap: 'anywhere' }}>
                  {v.headHash}
                </span>
                .{' '}
              </>
            )}
            <Anchor href="/api/performance/verify" size="sm" underline="always">
              {t('record:verify.checkYourself')}
            </Anchor>
            .
          </Text>
        </Alert>
        <DeclaredGaps gaps={v.gaps ?? []} />
      </>
    );
  }
  if (!v.firstBroken && v.contradicts) {
    const c = v.contradicts;
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={t('record:verify.rewritten')}
        data-testid="verification"
        data-ok="false"
      >
        <Text size="sm">
          {t('record:verify.contradicts', {
            checkpoint: c.checkpointId,
            signed: c.createdAt,
            head: c.headId,
            problem:
              c.problem === 'missing'
                ? t('record:verify.problemMissing')
                : c.problem === 'hash'
                  ? t('record:verify.problemHash')
                  : c.problem === 'count'
                    ? t('record:verify.problemCount')
                    : t('record:verify.problemSignature'),
          })}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('record:verify.broken')}
      data-testid="verification"
      data-ok="false"
    >
      <Text size="sm">
        {t('record:verify.brokenText', {
          event: v.firstBroken?.id ?? '',
          type: v.firstBroken?.type ?? '',
          signal: v.firstBroken?.signalId ?? '',
          problem:
            v.firstBroken?.problem === 'link' ? t('record:verify.problemLink') : t('record:verify.problemContent'),
        })}
      </Text>
    </Alert>
  );
}
