import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
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
  return (
    <Modal opened onClose={onClose} title={preview.title} size="lg">
      <Stack>
        <div className={classes.modalArt}>
          <PreviewArt kind={preview.kind} title={preview.title} />
        </div>
        <Group justify="space-between" gap="sm">
          <Stack gap={2}>
            <Text fw={700}>MEMBER ACCESS REQUIRED</Text>
            <Text size="xs" c="dimmed">
              A drawing of the screen; subscribers see it with live data.
            </Text>
            <Badge color="gray" variant="outline" radius="xs">
              STATUS: UNAUTHORIZED
            </Badge>
          </Stack>
          <Button component={Link} to="/auth">
            ACCESS ALL FEATURES WITH SUBSCRIPTION
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
