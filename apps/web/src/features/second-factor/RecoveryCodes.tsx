import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconDownload } from '@tabler/icons-react';
import { recoveryCodeGroups } from '@t0/contracts';
import { Fragment } from 'react';
import { copyText } from '../../components/CopyButton';
import { toast } from '../../lib/toast';
import { saveFile } from '../../lib/save-file';

/** The text file a person keeps their recovery codes in. */
export function recoveryCodesFile(codes: readonly string[], account: string): string {
  return [
    'T0 Terminal: administrator recovery codes',
    `Account: ${account}`,
    '',
    'Each code signs you in once when your authenticator app is not at hand.',
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

/** Ten recovery codes, shown once: copy or download them, then continue. */
export function RecoveryCodes({
  codes,
  account,
  onDone,
}: {
  codes: readonly string[];
  account: string;
  onDone: () => void;
}) {
  const download = () => {
    saveFile(recoveryCodesFile(codes, account), 't0-recovery-codes.txt', 'text/plain');
  };
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Alert
        color="amber"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title="SAVE YOUR RECOVERY CODES"
      >
        They are shown only now. Each one signs you in once if you lose your authenticator.
      </Alert>
      <Paper p="md" withBorder>
        <SimpleGrid cols={1} spacing="xs" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
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
              () => toast({ title: 'Copied', description: 'Recovery codes copied to the clipboard' }),
              () =>
                toast({
                  title: 'Copy failed',
                  description: 'Select the codes and copy them by hand',
                  variant: 'destructive',
                }),
            )
          }
        >
          COPY
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
          DOWNLOAD
        </Button>
        <Button onClick={onDone} ml="auto">
          I HAVE SAVED THEM
        </Button>
      </Group>
    </Stack>
  );
}
