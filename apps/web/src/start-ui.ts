// A step of src/main.tsx's start: importing this runs the chunk of Mantine and the icons the app
// starts with (vite.config.ts), in a task of its own.
export { MantineProvider } from '@mantine/core';
