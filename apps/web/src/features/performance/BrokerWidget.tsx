import { Anchor, Box, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useSiteConfig } from '../../lib/site';
import { useRecordT } from './words';

const isImage = (url: string) => /\.(png|jpe?g|gif|svg|webp)$/i.test(new URL(url).pathname);
const serviceOf = (url: string) => (new URL(url).hostname.endsWith('fxblue.com') ? 'FX Blue' : 'Myfxbook');

/** The desk's own live account as Myfxbook or FX Blue reads it from the broker (a site setting). */
export function BrokerWidget() {
  const { config } = useSiteConfig();
  const { t } = useRecordT();
  const url = config?.brokerWidgetUrl;
  if (!url) return null;
  const service = serviceOf(url);
  return (
    <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface" data-testid="broker-widget">
      <Stack gap="sm">
        <Title order={2} size="h4" lts="0.08em">
          {t('record:broker.title')}
        </Title>
        <Text size="sm">
          {t('record:broker.text', { service })}{' '}
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" underline="always">
            {t('record:broker.open', { service })}
          </Anchor>
          .
        </Text>
        {isImage(url) ? (
          <Image
            src={url}
            alt={t('record:broker.account', { service })}
            maw={600}
            fit="contain"
            referrerPolicy="no-referrer"
          />
        ) : (
          <Box
            component="iframe"
            src={url}
            title={t('record:broker.account', { service })}
            w="100%"
            h={360}
            style={{ border: 0 }}
            sandbox="allow-scripts allow-same-origin allow-popups"
            referrerPolicy="no-referrer"
            loading="lazy"
          />
        )}
      </Stack>
    </Paper>
  );
}
