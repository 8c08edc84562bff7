import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconDownload } from '@tabler/icons-react';
import { recoveryCodeGroups } from '@t0/contracts';
import { Fragment } from 'react';
import { copyText } from '../../components/CopyButton';
import { toast } from '../../lib/toast';
import { saveFile } from '../../lib/save-file';
import { englishT, type Translate } from './words';

/** The text file a person keeps their recovery codes in (in the reader's words in the profile). */
export function recoveryCodesFile(codes: readonly string[], account: string, t: Translate = englishT): string {
  return [
    t('profile:twoFactor.fileTitle'),
    t('profile:twoFactor.fileAccount', { account }),
    '',
    t('profile:twoFactor.fileHint'),
    '',
    ...codes.map((code) => recoveryCodeGroups(code).join('-')),
    '',
  ].join('\n');
}

/**
 * A recovery code in groups of four for reading (`k3m9-xp2q-…`): a line may break between groups,
 * and copied from the page it reads as the code with its dashes (accepted as typed).
 */
export function GroupedCode({ code }: { code: string }) {
  const groups = recoveryCodeGroups(code);
  return (
    <>
      {groups.map((group, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              <span style={{ opacity: 0.45 }}>-</span>
              <wbr />
            </>
          )}
          <span data-testid="recovery-code-group">{group}</span>
        </Fragment>
      ))}
    </>
  );
}

/** Ten recovery codes, shown once: copy or download them, then continue. English unless given `t`. */
export function RecoveryCodes({
  codes,
  account,
  onDone,
  t = englishT,
}: {
  codes: readonly string[];
  account: string;
  onDone: () => void;
  t?: Translate;
}) {
  const download = () => {
    saveFile(recoveryCodesFile(codes, account, t), 't0-recovery-codes.txt', 'text/plain');
  };
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Alert
        color="amber"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={t('profile:twoFactor.saveTitle')}
      >
        {t('profile:twoFactor.saveText')}
      </Alert>
      <Paper p="md" withBorder>
        <SimpleGrid cols={1} spacing="xs" component="ol" dir="ltr" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {codes.map((code) => (
            // One code a line; on a phone a smaller size keeps its seven groups on that line.
            <Text
              component="li"
              key={code}
              ff="monospace"
              fz={{ base: 13, xs: 'md' }}
              ta="center"
              data-testid="recovery-code"
            >
              <GroupedCode code={code} />
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={() =>
            copyText(codes.map((code) => recoveryCodeGroups(code).join('-')).join('\n')).then(
              () => toast({ title: t('profile:twoFactor.copied'), description: t('profile:twoFactor.copiedText') }),
              () =>
                toast({
                  title: t('profile:twoFactor.copyFailed'),
                  description: t('profile:twoFactor.copyFailedText'),
                  variant: 'destructive',
                }),
            )
          }
        >
          {t('profile:twoFactor.copy')}
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
          {t('profile:twoFactor.download')}
        </Button>
        <Button onClick={onDone} ms="auto">
          {t('profile:twoFactor.saved')}
        </Button>
      </Group>
    </Stack>
  );
}
