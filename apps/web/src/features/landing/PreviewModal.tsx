import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/language';
import classes from './landing.module.css';
import { PreviewArt, type PreviewKind } from './preview-art';

/** One gallery screen, larger, with the way in. */
export function PreviewModal({
  preview,
  onClose,
}: {
  preview: { kind: PreviewKind; title: string };
  onClose: () => void;
}) {
  const { t } = useT();
  return (
    <Modal opened onClose={onClose} title={preview.title} size="lg">
      <Stack>
        <div className={classes.modalArt}>
          <PreviewArt kind={preview.kind} title={preview.title} />
        </div>
        <Group justify="space-between" gap="sm">
          <Stack gap={2}>
            <Text fw={700}>{t('landing:preview.modal.required')}</Text>
            <Text size="xs" c="dimmed">
              {t('landing:preview.modal.drawing')}
            </Text>
            <Badge color="gray" variant="outline" radius="xs">
              {t('landing:preview.modal.status')}
            </Badge>
          </Stack>
          <Button component={Link} to="/auth">
            {t('landing:preview.cta')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
