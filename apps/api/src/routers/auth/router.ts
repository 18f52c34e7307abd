import { router } from '../../trpc';
import { login } from './login';
import { logout } from './logout';
import { register } from './register';

export const authRouter = router({ login, register, logout });
