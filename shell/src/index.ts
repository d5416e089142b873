// The async boundary Module Federation needs before shared modules (react, @skynet/shared) are used.
import('./bootstrap');
