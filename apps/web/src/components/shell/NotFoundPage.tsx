import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** Any path the route table does not know. */
export function NotFoundPage() {
  const location = useLocation();
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="md" ta="center" maw={520}>
        <Text className="t0-label">ERROR 404</Text>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }} lts="0.08em">
          ROUTE NOT FOUND
        </Title>
        <Text c="dimmed" className="t0-prose">
          No screen answers at <Code>{location.pathname}</Code>. The address may be mistyped or the page may have moved.
        </Text>
        <Button component={Link} to="/">
          RETURN TO TERMINAL
        </Button>
      </Stack>
    </Center>
  );
}
