import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useProfileT } from './words';

/** The security tab's API ACCESS line: tokens are managed under Developer Settings. */
export function ApiAccessLink() {
  const { t } = useProfileT();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Stack gap={0}>
        <Text fz="sm">{t('profile:security.api')}</Text>
        <Text fz="xs" c="dimmed">
          {t('profile:security.apiHint')}
        </Text>
      </Stack>
      <Button component={Link} to="/profile?section=developer" size="xs" variant="default">
        {t('profile:security.apiManage')}
      </Button>
    </Group>
  );
}
