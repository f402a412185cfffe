#!/usr/bin/env bash
# Start PostgreSQL, Redis and RabbitMQ if they are installed but stopped.
# Exit 0 when PostgreSQL and Redis answer, 1 otherwise.
set -u

pg_up() { pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1; }
redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }
rabbit_up() { (exec 3<>/dev/tcp/127.0.0.1/5672) 2>/dev/null; }

if ! pg_up && command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
fi
if ! redis_up && command -v redis-server >/dev/null 2>&1; then
  echo "starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
fi
if ! rabbit_up && command -v rabbitmq-server >/dev/null 2>&1; then
  echo "starting RabbitMQ"
  rabbitmq-server -detached || true
fi
for _ in $(seq 1 30); do
  pg_up && redis_up && break
  sleep 1
done
for _ in $(seq 1 30); do rabbit_up && break; sleep 1; done
pg_up && echo "PostgreSQL: up" || echo "PostgreSQL: DOWN"
redis_up && echo "Redis: up" || echo "Redis: DOWN"
rabbit_up && echo "RabbitMQ: up" || echo "RabbitMQ: down"
pg_up && redis_up
