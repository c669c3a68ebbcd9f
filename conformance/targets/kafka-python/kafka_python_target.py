#!/usr/bin/env python3
"""An mqspec protocol target (docs/protocol.md) wrapping kafka-python 2.0.2 (Debian python3-kafka).

Usage: kafka_python_target.py subscription-state | range | roundrobin | sticky

- subscription-state: kafka.consumer through kafka-python's own KafkaConsumer methods (subscribe, assign,
  unsubscribe, pause, resume, seek, seek_to_beginning, seek_to_end) called on a consumer whose network parts
  (client, coordinator) are stand-ins, over its real SubscriptionState; the coordinator's result arrives as
  ConsumerCoordinator does it, with SubscriptionState.assign_from_subscribed.
- range / roundrobin / sticky: kafka.group, with the group leader's call of the assignor as
  ConsumerCoordinator._perform_assignment makes it: assignor.assign(cluster, {member_id: ConsumerProtocolMemberMetadata})
  (the sticky assignor's user data carries each member's previous partitions and generation). Membership,
  generations and subscriptions around the assignor are kept here as the reference model keeps them.

One JSON request per line on stdin, one JSON response per line on stdout; logs go to stderr.
"""
import json
import logging
import re
import sys
import types

logging.basicConfig(stream=sys.stderr, level=logging.CRITICAL)

def extend_path():
    """Where kafka-python may be besides the interpreter's own path: MQSPEC_KAFKA_PYTHON_PATH, Debian's
    dist-packages (the Debian package installs there, which a pyenv or venv python does not read), and the package
    unpacked without root by .ci/run (.cache/python3-kafka in the repository)."""
    import os
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    for entry in (os.environ.get('MQSPEC_KAFKA_PYTHON_PATH', '').split(os.pathsep)
                  + ['/usr/lib/python3/dist-packages',
                     os.path.join(repo, '.cache', 'python3-kafka', 'usr', 'lib', 'python3', 'dist-packages')]):
        if entry and os.path.isdir(os.path.join(entry, 'kafka')) and entry not in sys.path:
            sys.path.append(entry)


extend_path()

try:
    import kafka
    from kafka.cluster import ClusterMetadata
    from kafka.consumer.group import KafkaConsumer
    from kafka.consumer.subscription_state import SubscriptionState
    from kafka.coordinator.assignors.range import RangePartitionAssignor
    from kafka.coordinator.assignors.roundrobin import RoundRobinPartitionAssignor
    from kafka.coordinator.assignors.sticky.sticky_assignor import StickyPartitionAssignor, StickyAssignorUserDataV1
    from kafka.coordinator.protocol import ConsumerProtocolMemberMetadata
    from kafka.errors import IllegalStateError
    from kafka.protocol.offset import OffsetResetStrategy
    from kafka.structs import TopicPartition
except ImportError as error:  # answered at hello, so mqspec reports why
    kafka = None
    IMPORT_ERROR = str(error)

VERSION = '2.0.2'
ASSIGNOR_COMMANDS = ['join', 'leave', 'subscribe', 'unsubscribe', 'metadataUpdate', 'rebalance']
GROUP_FIELDS = ['generation', 'leader', 'generationMembers', 'lastAssignment']
CONSUMER_COMMANDS = ['subscribe', 'assign', 'unsubscribe', 'rebalance', 'seek', 'seekToBeginning', 'seekToEnd', 'pause', 'resume']
CONSUMER_FIELDS = ['mode', 'subscription', 'partitions.*.position', 'partitions.*.paused', 'partitions.*.resetStrategy']


def failure(error, message=None):
    """An outcome naming the Java exception (or the Python one where kafka-python has no port of it)."""
    outcome = {'ok': False, 'error': error}
    if message:
        outcome['message'] = message
    return outcome


def outcome_of_exception(exc):
    """kafka-python's exceptions as outcomes: its ports of Java's exceptions by the Java name, others by their own."""
    if isinstance(exc, IllegalStateError):
        return failure('IllegalStateException', str(exc))
    if isinstance(exc, ValueError):
        return failure('IllegalArgumentException', str(exc))
    return failure(type(exc).__name__, str(exc))


def tp_key(topic, partition):
    return '%s-%d' % (topic, partition)


def partitions_of(command):
    return [TopicPartition(p['topic'], p['partition']) for p in command.get('partitions', [])]


# ---- kafka.consumer: kafka-python's KafkaConsumer over its SubscriptionState ------------------------------

class StandInClient(object):
    """What KafkaConsumer's subscription methods tell the network client: which topics to fetch metadata for."""

    def __init__(self):
        self.cluster = types.SimpleNamespace(need_all_topic_metadata=False, request_update=lambda: None)

    def set_topics(self, topics):
        return None


class ConsumerSession(object):
    def __init__(self, setup):
        reset = {'earliest': 'earliest', 'latest': 'latest', 'none': 'none'}[setup.get('autoOffsetReset', 'latest')]
        self.state = SubscriptionState(reset)
        # KafkaConsumer's methods read only these attributes of self.
        self.consumer = types.SimpleNamespace(
            _subscription=self.state,
            _client=StandInClient(),
            _coordinator=types.SimpleNamespace(close=lambda: None),
            config={'legacy_iterator': False},
            _iterator=None,
        )

    def step(self, command):
        kind = command['type']
        c = self.consumer
        try:
            if kind == 'subscribe':
                KafkaConsumer.subscribe(c, topics=command['topics'])
            elif kind == 'assign':
                KafkaConsumer.assign(c, partitions_of(command))
            elif kind == 'unsubscribe':
                KafkaConsumer.unsubscribe(c)
            elif kind == 'rebalance':
                self.state.assign_from_subscribed(partitions_of(command))
            elif kind == 'seek':
                p = command['partition']
                KafkaConsumer.seek(c, TopicPartition(p['topic'], p['partition']), command['offset'])
            elif kind == 'seekToBeginning':
                KafkaConsumer.seek_to_beginning(c, *partitions_of(command))
            elif kind == 'seekToEnd':
                KafkaConsumer.seek_to_end(c, *partitions_of(command))
            elif kind == 'pause':
                KafkaConsumer.pause(c, *partitions_of(command))
            elif kind == 'resume':
                KafkaConsumer.resume(c, *partitions_of(command))
            else:
                raise LookupError('command %s is not declared by this target' % kind)
        except LookupError as exc:
            if isinstance(exc, KeyError):
                return outcome_of_exception(exc)
            raise
        except Exception as exc:  # the library's answer, as an outcome
            return outcome_of_exception(exc)
        return {'ok': True}

    def mode(self):
        s = self.state
        if s.subscribed_pattern is not None:
            return 'AUTO_PATTERN'
        if s.subscription is not None:
            return 'AUTO_TOPICS'
        if s._user_assignment:
            return 'USER_ASSIGNED'
        return 'NONE'

    def observe(self):
        reset = {OffsetResetStrategy.EARLIEST: 'EARLIEST', OffsetResetStrategy.LATEST: 'LATEST'}
        partitions = {}
        for tp, st in self.state.assignment.items():
            partitions[tp_key(tp.topic, tp.partition)] = {
                'topic': tp.topic,
                'partition': tp.partition,
                'position': st.position,
                'paused': st.paused,
                'resetStrategy': reset.get(st.reset_strategy) if st.awaiting_reset else None,
            }
        return {'mode': self.mode(), 'subscription': sorted(self.state.subscription or []), 'partitions': partitions}


# ---- kafka.group: the leader's call of a kafka-python assignor ---------------------------------------------

def cluster_with(metadata):
    """kafka-python's own ClusterMetadata holding the scenario's topics (its partition table filled in directly, as a
    MetadataResponse would fill it): partitions_for_topic and topics answer from it."""
    cluster = ClusterMetadata()
    for topic, count in metadata.items():
        if count > 0:
            cluster._partitions[topic] = dict((p, None) for p in range(count))
    return cluster


ASSIGNORS = {'range': RangePartitionAssignor, 'roundrobin': RoundRobinPartitionAssignor, 'sticky': StickyPartitionAssignor} if kafka else {}


class GroupSession(object):
    """Membership and generations as the reference model's coordinator keeps them; rebalances run the assignor."""

    def __init__(self, setup, assignor):
        self.assignor = ASSIGNORS[assignor]
        self.sticky = assignor == 'sticky'
        self.metadata = dict(setup.get('topics', {}))
        self.members = {}  # id -> {'subscription': sorted list or None, 'partitions': [(topic, partition)]}
        self.order = []  # join order
        self.generation = 0
        self.generation_members = []
        self.last_assignment = None

    def refuse_unknown(self, member):
        return failure('IllegalStateException', 'No consumer "%s" in the group (never joined, or closed): join it first' % member)

    def leave_generation(self, member):
        if member in self.generation_members:
            self.generation_members.remove(member)

    def step(self, command):
        kind = command['type']
        member = command.get('consumer')
        if kind == 'join':
            if member in self.members:
                return failure('IllegalStateException', 'join: consumer "%s" is already in the group' % member)
            self.members[member] = {'subscription': None, 'partitions': []}
            self.order.append(member)
            return {'ok': True}
        if kind == 'metadataUpdate':
            self.metadata = dict(command['topics'])
            return {'ok': True}
        if kind == 'rebalance':
            return self.rebalance()
        if member not in self.members:
            return self.refuse_unknown(member)
        m = self.members[member]
        if kind == 'leave':
            del self.members[member]
            self.order.remove(member)
            self.leave_generation(member)
            return {'ok': True}
        if kind == 'unsubscribe' or (kind == 'subscribe' and not command['topics']):
            m['subscription'] = None
            m['partitions'] = []
            self.leave_generation(member)
            return {'ok': True}
        if kind == 'subscribe':
            if any(t.strip() == '' for t in command['topics']):
                return failure('IllegalArgumentException', 'Topic collection to subscribe to cannot contain null or empty topic')
            m['subscription'] = sorted(set(command['topics']))
            return {'ok': True}
        raise LookupError('command %s is not declared by this target' % kind)

    def member_metadata(self, member):
        m = self.members[member]
        user_data = b''
        if self.sticky and member in self.generation_members:
            by_topic = {}
            for topic, partition in m['partitions']:
                by_topic.setdefault(topic, []).append(partition)
            # Kept in a variable, as StickyPartitionAssignor.metadata does: Struct.encode holds its instance weakly.
            data = StickyAssignorUserDataV1(list(by_topic.items()), self.generation)
            user_data = data.encode()
        return ConsumerProtocolMemberMetadata(self.assignor.version, list(m['subscription']), user_data)

    def rebalance(self):
        taking = [i for i in self.order if self.members[i]['subscription'] is not None]
        joined = [i for i in self.generation_members if i in taking] + [i for i in taking if i not in self.generation_members]
        generation = self.generation + 1
        leader = joined[0] if joined else None
        if leader is None:
            self.generation, self.generation_members, self.last_assignment = generation, joined, {}
            return {'ok': True, 'value': {'generation': generation, 'leader': None, 'assignment': {}}}
        metadata = dict((i, self.member_metadata(i)) for i in joined)
        answer = self.assignor.assign(cluster_with(self.metadata), metadata)
        assignment = {}
        for i in joined:
            parts = answer[i].partitions() if i in answer else []
            assignment[i] = [{'topic': t, 'partition': p} for t, p in parts]
        for i in joined:
            for p in assignment[i]:
                if p['topic'] not in self.members[i]['subscription']:
                    return failure('IllegalArgumentException', '%s: Assigned partition %s for non-subscribed topic' % (i, tp_key(p['topic'], p['partition'])))
        for i in joined:
            self.members[i]['partitions'] = [(p['topic'], p['partition']) for p in assignment[i]]
        self.generation, self.generation_members, self.last_assignment = generation, joined, assignment
        return {'ok': True, 'value': {'generation': generation, 'leader': leader, 'assignment': assignment}}

    def observe(self):
        members = {}
        for i in self.order:
            m = self.members[i]
            members[i] = {
                'mode': 'NONE' if m['subscription'] is None else 'AUTO_TOPICS',
                'subscription': m['subscription'] or [],
                'partitions': dict((tp_key(t, p), {'topic': t, 'partition': p, 'position': None, 'committed': None, 'paused': False, 'resetStrategy': None}) for t, p in m['partitions']),
                'generation': self.generation if i in self.generation_members else None,
            }
        return {
            'generation': self.generation,
            'leader': self.generation_members[0] if self.generation_members else None,
            'generationMembers': list(self.generation_members),
            'lastAssignment': self.last_assignment,
            'members': members,
            'metadata': self.metadata,
        }


def hello(which):
    if kafka is None:
        return {'ok': False, 'error': 'kafka-python is not importable: %s' % IMPORT_ERROR}
    if which == 'subscription-state':
        # kafka-python's coordinator assigns only to a consumer that subscribed and joined (ConsumerCoordinator.poll,
        # coordinator/consumer.py, joins only when partitions_auto_assigned()), so no user of the
        # library meets a rebalance in another mode: such commands are left out of its scenarios.
        systems = [{'system': 'kafka.consumer', 'commands': CONSUMER_COMMANDS, 'fields': CONSUMER_FIELDS, 'mode': 'differential',
                    'reachable': {'rebalance': {'mode': ['AUTO_TOPICS', 'AUTO_PATTERN']}}}]
    elif which == 'sticky':
        systems = [{'system': 'kafka.group', 'commands': ASSIGNOR_COMMANDS, 'fields': GROUP_FIELDS + ['members'], 'mode': 'invariants'}]
    else:
        systems = [{'system': 'kafka.group', 'commands': ASSIGNOR_COMMANDS, 'fields': GROUP_FIELDS, 'mode': 'differential'}]
    return {'ok': True, 'name': 'kafka-python-' + which, 'version': 'kafka-python@' + kafka.__version__, 'systems': systems}


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else ''
    if which not in ('subscription-state', 'range', 'roundrobin', 'sticky'):
        sys.stderr.write('usage: kafka_python_target.py subscription-state|range|roundrobin|sticky\n')
        return 2
    session = None
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            op = request.get('op')
            if op == 'hello':
                response = hello(which)
            elif op == 'init':
                setup = request.get('setup') or {}
                session = ConsumerSession(setup) if which == 'subscription-state' else GroupSession(setup, which)
                response = {'ok': True}
            elif op == 'step':
                response = {'ok': True, 'outcome': session.step(request['command'])}
            elif op == 'observe':
                response = {'ok': True, 'observation': session.observe()}
            elif op == 'close':
                sys.stdout.write(json.dumps({'ok': True}) + '\n')
                sys.stdout.flush()
                return 0
            else:
                response = {'ok': False, 'error': 'unknown op %r' % (op,)}
        except Exception as exc:  # a request this program cannot serve: a target failure, reported as data
            response = {'ok': False, 'error': '%s: %s' % (type(exc).__name__, exc)}
        sys.stdout.write(json.dumps(response) + '\n')
        sys.stdout.flush()
    return 0


if __name__ == '__main__':
    sys.exit(main())
