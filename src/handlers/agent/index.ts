// The agent provider: delegate work to a sub-agent run by the host's kernel.
import type { AgentHandlers } from '../../generated/types.js';
import { spawnSubagent } from './spawn-subagent.js';

export const agentHandlers = { spawn_subagent: spawnSubagent } satisfies AgentHandlers;
