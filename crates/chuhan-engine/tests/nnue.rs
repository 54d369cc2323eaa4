//! The network evaluation: incremental accumulators, symmetry, the file format, the training
//! data format, the trainer, and the search with a network.

mod common;

use chuhan::{Position, Side, Variant};
use chuhan_engine::eval::Evaluate;
use chuhan_engine::nnue::data::{self, Record, CAPTURE, IN_CHECK};
use chuhan_engine::nnue::train::{mirror_feature, samples, Adam, FloatNet, Rng};
use chuhan_engine::nnue::{embedded, Accumulators, NetError, Network, Nnue, Simd, EMBEDDED_JANGGI, EMBEDDED_XIANGQI};
use chuhan_engine::search::{search, Limits, Shared};
use common::next;
use std::sync::Arc;

/// A network `hidden` wide with `buckets` general-position buckets and random weights, larger
/// than a fresh trainer's so every feature matters.
fn random_net(variant: Variant, hidden: usize, buckets: usize, seed: u64) -> Network {
    let mut net = FloatNet::random(variant, hidden, buckets, seed).unwrap();
    let mut rng = Rng::new(seed ^ 77);
    for p in net.params.iter_mut() {
        *p += ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 0.5;
    }
    net.quantize()
}

#[test]
fn incremental_accumulators_equal_a_full_refresh() {
    // Every width, both games, with and without general-position buckets (a general's move
    // computes its view again), with every instruction set this processor runs. The stack
    // computes an entry only when it is evaluated, so the walk evaluates only now and then:
    // changes pile up over several plies (a general's move among them), and undos go back
    // into lines whose entries were never computed.
    let cases = [
        (Variant::Xiangqi, 256, 1, 1u64),
        (Variant::Janggi, 128, 1, 2),
        (Variant::Xiangqi, 32, 1, 3),
        (Variant::Janggi, 64, 1, 4),
        (Variant::Xiangqi, 64, 9, 5),
        (Variant::Janggi, 128, 9, 6),
    ];
    let levels = Simd::available();
    assert_eq!(levels[0], Simd::PORTABLE);
    for (variant, hidden, buckets, seed) in cases {
        let net = random_net(variant, hidden, buckets, seed);
        assert_eq!(net.buckets(), buckets);
        let mut pos = Position::new(variant);
        let mut stacks: Vec<_> = levels.iter().map(|&simd| Accumulators::with_simd(&net, &pos, simd)).collect();
        // The eager update, one accumulator per ply, beside the stacks.
        let mut eager = vec![net.refresh(&pos)];
        let mut rng = seed * 7919 + 1;
        let (mut passes, mut captures, mut undos, mut nulls, mut general_moves) = (0, 0, 0, 0, 0);
        let (mut checked, mut longest, mut unchecked) = (0, 0, 0);
        for step in 0..3000 {
            let legal = pos.legal_moves();
            let r = next(&mut rng);
            if legal.is_empty() || (r.is_multiple_of(7) && pos.history().len() > 1) {
                // Step back now and then (and from every ended game), as the search does.
                pos.undo();
                stacks.iter_mut().for_each(|acc| acc.pop());
                eager.pop();
                undos += 1;
            } else if r % 31 == 1 && !pos.is_check() {
                pos.play_null();
                stacks.iter_mut().for_each(|acc| acc.push_null());
                nulls += 1;
                for acc in &mut stacks {
                    assert_eq!(acc.top(&pos), &net.refresh(&pos), "{variant:?} after a null move, step {step}");
                }
                pos.undo();
                stacks.iter_mut().for_each(|acc| acc.pop());
            } else {
                // Captures first when there are any, half of the time, so pieces come off.
                let caps: Vec<_> =
                    legal.iter().copied().filter(|m| !m.is_pass() && pos.piece_at(m.to).is_some()).collect();
                let m = if !caps.is_empty() && r.is_multiple_of(2) {
                    caps[(r >> 8) as usize % caps.len()]
                } else {
                    legal[(r >> 8) as usize % legal.len()]
                };
                passes += m.is_pass() as u32;
                captures += (!m.is_pass() && pos.piece_at(m.to).is_some()) as u32;
                general_moves += (!m.is_pass() && m.from == pos.general(pos.turn())) as u32;
                stacks.iter_mut().for_each(|acc| acc.push(&pos, m));
                let mut next_acc = *eager.last().unwrap();
                net.update(&mut next_acc, &pos, m);
                eager.push(next_acc);
                pos.play_unchecked(m);
            }
            assert_eq!(eager.last().unwrap(), &net.refresh(&pos), "{variant:?} eager update, step {step}");
            unchecked += 1;
            if (r >> 20).is_multiple_of(4) {
                longest = longest.max(unchecked);
                unchecked = 0;
                checked += 1;
                let full = net.refresh(&pos);
                let score = net.evaluate(&pos);
                for (acc, simd) in stacks.iter_mut().zip(&levels) {
                    assert_eq!(acc.top(&pos), &full, "{variant:?} {simd:?} step {step}: {}", pos.to_fen());
                    assert_eq!(acc.evaluate(&pos), score, "{variant:?} {simd:?} step {step}");
                    assert_eq!(net.output_with(*simd, &full, pos.turn()), score);
                }
            }
        }
        assert!(captures > 20 && undos > 100 && nulls > 10, "{captures} captures, {undos} undos, {nulls} nulls");
        assert!(general_moves > 20, "{variant:?}: only {general_moves} general moves");
        assert!(checked > 500 && longest >= 8, "{checked} positions checked, at most {longest} steps apart");
        if variant == Variant::Janggi {
            assert!(passes > 0, "janggi walks pass too");
        }
    }
}

/// The levels this processor runs, for the record: the test above compares every one of them
/// with the portable loops, so a machine with AVX-512 checks all three.
#[test]
fn the_simd_levels_are_named_and_the_best_is_available() {
    let levels = Simd::available();
    let names: Vec<_> = levels.iter().map(|s| s.name()).collect();
    eprintln!("SIMD levels on this processor: {names:?}, best {}", Simd::best().name());
    assert!(levels.contains(&Simd::best()));
    assert_eq!(names[0], "portable");
    if cfg!(target_arch = "x86_64") && std::is_x86_feature_detected!("avx2") {
        assert!(names.contains(&"avx2"));
    }
}

/// The position turned 180° with the colours swapped: the same game for the other side.
fn colour_swapped(pos: &Position) -> Position {
    let fen = pos.to_fen();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let board: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .rev()
                .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                .collect()
        })
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    Position::from_fen(pos.variant(), &format!("{} {side} - - 0 1", board.join("/"))).unwrap()
}

#[test]
fn colour_swapped_positions_evaluate_alike() {
    let cases = [(Variant::Xiangqi, 256, 1, 5u64), (Variant::Janggi, 128, 1, 6), (Variant::Janggi, 64, 9, 7)];
    for (variant, hidden, buckets, seed) in cases {
        let net = random_net(variant, hidden, buckets, seed);
        let mut pos = Position::new(variant);
        let mut rng = seed;
        let mut differ = 0;
        for _ in 0..120 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            pos.play_unchecked(legal[next(&mut rng) as usize % legal.len()]);
            let swapped = colour_swapped(&pos);
            assert_eq!(swapped.turn(), !pos.turn());
            assert_eq!(net.evaluate(&pos), net.evaluate(&swapped), "{}", pos.to_fen());
            // Not trivially equal: the side to move matters.
            let mut other = pos.clone();
            other.play_null();
            differ += (net.evaluate(&other) != net.evaluate(&pos)) as u32;
        }
        assert!(differ > 50, "the evaluation depends on the side to move");
    }
}

#[test]
fn network_files_round_trip_and_damage_is_refused() {
    for hidden in chuhan_engine::nnue::WIDTHS {
        let net = random_net(Variant::Xiangqi, hidden, 1, 10);
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), chuhan_engine::nnue::file_size(hidden, 1));
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        assert_eq!(net.hidden(), hidden);
        // Without buckets the file stays version 2 (the embedded networks' format).
        assert_eq!(bytes[4], 2);
    }
    // With buckets: version 3, the bucket count after the sizes.
    let net = random_net(Variant::Janggi, 32, 9, 11);
    let bytes = net.to_bytes();
    assert_eq!((bytes.len(), bytes[4], bytes[23]), (chuhan_engine::nnue::file_size(32, 9), 3, 9));
    assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
    for count in [0, 1, 5] {
        // One encoding per network: a bucketless one is version 2, never version 3 with 1.
        let mut buckets = bytes.clone();
        buckets[23] = count;
        assert_eq!(Network::from_bytes(&buckets), Err(NetError::Buckets(count as u32)));
    }
    assert!(matches!(Network::from_bytes(&bytes[..25]), Err(NetError::Size { .. })));
    let net = random_net(Variant::Janggi, 128, 1, 9);
    let bytes = net.to_bytes();
    assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
    let mut damaged = bytes.clone();
    damaged[1000] ^= 1;
    assert!(matches!(Network::from_bytes(&damaged), Err(NetError::Checksum { .. })));
    assert!(matches!(Network::from_bytes(&bytes[..bytes.len() - 1]), Err(NetError::Size { .. })));
    assert_eq!(Network::from_bytes(b"not a network"), Err(NetError::BadMagic));
    let mut version = bytes.clone();
    version[4] = 9;
    assert_eq!(Network::from_bytes(&version), Err(NetError::Version(9)));
    let mut game = bytes.clone();
    game[8] = 5;
    assert_eq!(Network::from_bytes(&game), Err(NetError::UnknownVariant(5)));
    // A width this engine has no kernels for; and a known width whose file is the wrong size.
    let mut shape = bytes.clone();
    shape[13] = 96;
    assert!(matches!(Network::from_bytes(&shape), Err(NetError::Shape { hidden: 96, .. })));
    let mut shape = bytes;
    shape[13] = 64;
    assert!(matches!(Network::from_bytes(&shape), Err(NetError::Size { .. })));
}

#[test]
fn embedded_networks_pass_their_checksums() {
    for (variant, bytes) in [(Variant::Xiangqi, EMBEDDED_XIANGQI), (Variant::Janggi, EMBEDDED_JANGGI)] {
        let net = Network::from_bytes(bytes).unwrap_or_else(|e| panic!("embedded {variant:?} network: {e}"));
        assert_eq!(net.variant(), variant);
        assert_eq!(embedded(variant).as_deref(), Some(&net));
        // Small enough to keep the repository light.
        assert!(bytes.len() < 10 << 20);
    }
}

/// Records of a few random games, the score the hand-written evaluation's.
fn some_records(variant: Variant, games: u32, seed: u64) -> Vec<Record> {
    let mut out = Vec::new();
    let mut rng = seed;
    for g in 0..games {
        let mut pos = Position::new(variant);
        for _ in 0..60 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let score = chuhan_engine::eval::Classic.evaluate(&pos).clamp(-2000, 2000) as i16;
            let flags = if pos.is_check() { IN_CHECK } else { 0 };
            let result = (score > 0) as u8 * 2;
            out.push(Record::new(&pos, flags, score, result, g));
            pos.play_unchecked(legal[next(&mut rng) as usize % legal.len()]);
        }
    }
    out
}

#[test]
fn training_data_round_trips() {
    let mut records = some_records(Variant::Xiangqi, 3, 11);
    records.extend(some_records(Variant::Janggi, 3, 12));
    records[5].flags |= CAPTURE;
    let mut bytes = Vec::new();
    data::write_all(&mut bytes, &records).unwrap();
    assert_eq!(bytes.len(), data::HEADER.len() + records.len() * data::RECORD);
    assert_eq!(data::read_all(&mut bytes.as_slice()).unwrap(), records);
    // The position comes back too (its FEN, the history aside).
    let mut pos = Position::new(Variant::Janggi);
    pos.play("b0c2".parse().unwrap()).unwrap();
    let r = Record::new(&pos, 0, 0, 1, 0);
    let fields = |fen: String| fen.split_whitespace().take(2).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(fields(r.position().unwrap().to_fen()), fields(pos.to_fen()));
    assert!(records.iter().any(|r| r.turn() == Side::Second && r.variant() == Variant::Janggi));
    // A partial record at the end (an interrupted run) is left out; bad bytes are named.
    let cut = &bytes[..bytes.len() - 3];
    assert_eq!(data::read_all(&mut &cut[..]).unwrap().len(), records.len() - 1);
    let mut bad = bytes.clone();
    bad[data::HEADER.len()] = 0xff;
    let err = data::read_all(&mut bad.as_slice()).unwrap_err().to_string();
    assert_eq!(err, "record 0: bad piece code 15 on square 0");
    assert!(data::read_all(&mut &b"CHNN"[..]).is_err());
}

#[test]
fn the_trainer_fits_a_small_data_set() {
    let records = some_records(Variant::Xiangqi, 8, 13);
    let (train, skipped) = samples(&records, Variant::Xiangqi, 1.0, false, 1);
    assert!(train.len() > 300 && skipped < records.len() / 4);
    let mut net = FloatNet::random(Variant::Xiangqi, 128, 1, 1).unwrap();
    let mut adam = Adam::new(0.01);
    let mut rng = Rng::new(1);
    let before = net.loss(&train);
    for _ in 0..40 {
        net.epoch(&train, &mut adam, 64, 2, &mut rng);
    }
    let after = net.loss(&train);
    assert!(after < before * 0.3, "loss {before} -> {after}");
    // The quantized network scores like the float one (in centipawns).
    let q = net.quantize();
    let (mean, worst) = quantization_error(&net, &q, &records, &train);
    assert!(worst < 20.0 && mean < 5.0, "quantization moved scores by {mean} cp on average, {worst} at most");
}

/// Training on more threads gives the same network, bit for bit: a batch's gradient is summed
/// from the same parts in the same order whatever the number of threads.
#[test]
fn training_does_not_depend_on_the_number_of_threads() {
    let records = some_records(Variant::Janggi, 3, 7);
    let (train, _) = samples(&records, Variant::Janggi, 1.0, true, 1);
    let nets: Vec<FloatNet> = [1, 3, 8]
        .into_iter()
        .map(|threads| {
            let (mut net, mut adam, mut rng) =
                (FloatNet::random(Variant::Janggi, 32, 1, 4).unwrap(), Adam::new(0.01), Rng::new(4));
            for _ in 0..3 {
                net.epoch(&train, &mut adam, 100, threads, &mut rng);
            }
            net
        })
        .collect();
    assert_ne!(nets[0].params, FloatNet::random(Variant::Janggi, 32, 1, 4).unwrap().params, "training changed nothing");
    assert_eq!(nets[0].params, nets[1].params);
    assert_eq!(nets[0].params, nets[2].params);
}

/// Weight decay pulls the weights towards zero: the same training with decay ends with a smaller
/// norm than without, and still learns.
#[test]
fn weight_decay_shrinks_the_weights() {
    let records = some_records(Variant::Janggi, 3, 7);
    let (train, _) = samples(&records, Variant::Janggi, 1.0, false, 1);
    let train_with = |decay: f32| {
        let (mut net, mut adam, mut rng) =
            (FloatNet::random(Variant::Janggi, 32, 1, 4).unwrap(), Adam::new(0.01), Rng::new(4));
        adam.decay = decay;
        for _ in 0..3 {
            net.epoch(&train, &mut adam, 100, 1, &mut rng);
        }
        net
    };
    let norm = |net: &FloatNet| net.params.iter().map(|p| f64::from(*p).powi(2)).sum::<f64>();
    let (plain, decayed) = (train_with(0.0), train_with(5.0));
    assert!(norm(&decayed) < 0.9 * norm(&plain), "{} vs {}", norm(&decayed), norm(&plain));
    assert!(decayed.loss(&train) < FloatNet::random(Variant::Janggi, 32, 1, 4).unwrap().loss(&train));
}

/// A quantized network read back into floats quantizes to itself (the embedded ones, and a
/// bucketed one), and training goes on from where it stood: its loss on its own data is the
/// trained loss, not a random network's, and more epochs lower it further.
#[test]
fn a_network_read_back_into_floats_trains_on() {
    use chuhan_engine::nnue::PALACE_BUCKETS;
    for net in [embedded(Variant::Xiangqi), embedded(Variant::Janggi)] {
        let net = net.expect("embedded network");
        assert_eq!(FloatNet::from_network(&net).quantize(), *net);
    }
    let bucketed = random_net(Variant::Janggi, 32, PALACE_BUCKETS, 5);
    assert_eq!(FloatNet::from_network(&bucketed).quantize(), bucketed);

    let records = some_records(Variant::Xiangqi, 8, 13);
    let (train, _) = samples(&records, Variant::Xiangqi, 1.0, false, 1);
    let (mut net, mut adam, mut rng) =
        (FloatNet::random(Variant::Xiangqi, 64, 1, 1).unwrap(), Adam::new(0.01), Rng::new(1));
    let untrained = net.loss(&train);
    for _ in 0..20 {
        net.epoch(&train, &mut adam, 64, 1, &mut rng);
    }
    let trained = net.loss(&train);
    let mut resumed = FloatNet::from_network(&net.quantize());
    let start = resumed.loss(&train);
    assert!((start - trained).abs() < 0.05 * trained, "read back {start}, trained {trained}");
    assert!(start < 0.5 * untrained, "read back {start}, untrained {untrained}");
    let mut adam = Adam::new(0.002);
    for _ in 0..5 {
        resumed.epoch(&train, &mut adam, 64, 1, &mut rng);
    }
    assert!(resumed.loss(&train) < start, "{} after more epochs, {start} before", resumed.loss(&train));
}

/// A width the engine has no kernel for is an error naming it, not a panic; every listed width
/// makes a network of its own width.
#[test]
fn the_trainer_refuses_a_width_without_a_kernel() {
    for bad in [0, 100, 512] {
        let e = FloatNet::random(Variant::Xiangqi, bad, 1, 1).unwrap_err();
        assert_eq!(e, NetError::Width(bad));
        assert_eq!(FloatNet::check_shape(bad, 1), Err(NetError::Width(bad)));
        assert!(e.to_string().contains(&bad.to_string()), "{e}");
    }
    for w in chuhan_engine::nnue::WIDTHS {
        assert_eq!(FloatNet::random(Variant::Janggi, w, 1, 1).unwrap().hidden, w);
    }
}

/// The trainer's gradient is the loss's: central finite differences agree on parameters of every
/// kind (first layer, its bias, output weights, output bias, piece-square weights).
#[test]
fn the_trainer_gradient_matches_finite_differences() {
    let records = some_records(Variant::Janggi, 2, 5);
    let (set, _) = samples(&records, Variant::Janggi, 0.7, false, 1);
    let set = &set[..set.len().min(40)];
    let mut net = FloatNet::random(Variant::Janggi, 64, 1, 3).unwrap();
    let mut rng = Rng::new(8);
    for p in net.params.iter_mut() {
        *p += ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 0.2;
    }
    let grad = net.gradient(set);
    // Parameters that the samples use: a first-layer weight of an active feature, then the
    // blocks after the first layer, the piece-square weights of active features last.
    let f = set[0].us[3] as usize;
    let hidden = net.hidden;
    let inputs = chuhan_engine::nnue::INPUTS;
    let psqt = net.params.len() - inputs;
    let mut checked = vec![f * hidden + 5, inputs * hidden + 7, inputs * hidden + hidden + 9, psqt - 1];
    // A piece-square weight counts for the side to move's view and against the other's, so in a
    // colour-symmetric position (the start) it cancels: take features of one view only.
    let lopsided = set.iter().rev().find(|s| s.us.iter().any(|f| !s.them.contains(f))).expect("an unbalanced position");
    checked.extend(lopsided.us.iter().filter(|f| !lopsided.them.contains(f)).take(2).map(|&f| psqt + f as usize));
    checked.extend(lopsided.them.iter().filter(|f| !lopsided.us.contains(f)).take(2).map(|&f| psqt + f as usize));
    for i in checked {
        let h = 1e-3f32;
        let mut plus = net.clone();
        plus.params[i] += h;
        let mut minus = net.clone();
        minus.params[i] -= h;
        let numeric = (plus.loss(set) as f64 - minus.loss(set) as f64) / (2.0 * h as f64);
        let analytic = grad[i] as f64;
        assert!(analytic.abs() > 1e-7, "parameter {i}: no gradient to check");
        assert!(
            (numeric - analytic).abs() <= 0.05 * analytic.abs().max(numeric.abs()) + 1e-6,
            "parameter {i}: finite differences {numeric:e}, trainer {analytic:e}"
        );
    }
}

/// How far the quantized network `q` scores from the float `net` on the samples `train` made
/// (without mirroring) from `records`: the mean and the worst difference, in centipawns.
fn quantization_error(
    net: &FloatNet,
    q: &Network,
    records: &[Record],
    train: &[chuhan_engine::nnue::train::Sample],
) -> (f32, f32) {
    let kept: Vec<&Record> = records.iter().filter(|r| r.flags & IN_CHECK == 0 && r.score.abs() <= 3000).collect();
    let (mut worst, mut total) = (0f32, 0f32);
    for (r, s) in kept.iter().zip(train) {
        let error = (net.score(s) - score_of_record(q, r) as f32).abs();
        worst = worst.max(error);
        total += error;
    }
    (total / kept.len() as f32, worst)
}

/// The quantized network's score of a record's position.
fn score_of_record(net: &Network, r: &Record) -> i32 {
    net.evaluate(&r.position().unwrap())
}

/// The same network without incremental updates: the search calls `evaluate` on every leaf.
struct FromScratch(Network);

impl Evaluate for FromScratch {
    fn evaluate(&self, pos: &Position) -> i32 {
        self.0.evaluate(pos)
    }
}

#[test]
fn the_search_with_incremental_accumulators_matches_full_refreshes() {
    let cases = [(Variant::Xiangqi, 256, 1, 21u64), (Variant::Janggi, 128, 1, 22), (Variant::Janggi, 64, 9, 23)];
    for (variant, hidden, buckets, seed) in cases {
        let net = random_net(variant, hidden, buckets, seed);
        let incremental = Nnue::with([Arc::new(net.clone())]);
        assert!(incremental.network(variant).is_some());
        let scratch = FromScratch(net);
        let mut pos = Position::new(variant);
        for m in ["b0c2", "h9g7"] {
            pos.play(m.parse().unwrap()).unwrap();
        }
        let limits = Limits { depth: Some(6), ..Limits::default() };
        let a = search(&pos, &Shared::new(4), &incremental, &limits, 1, |_| {});
        let b = search(&pos, &Shared::new(4), &scratch, &limits, 1, |_| {});
        assert_eq!((a.score, &a.pv, a.nodes), (b.score, &b.pv, b.nodes), "{variant:?}");
    }
}

#[test]
fn mirrored_samples_are_the_mirrored_positions() {
    let records = some_records(Variant::Janggi, 2, 17);
    let (plain, _) = samples(&records, Variant::Janggi, 0.5, false, 1);
    let (both, _) = samples(&records, Variant::Janggi, 0.5, true, 1);
    assert_eq!(both.len(), 2 * plain.len());
    for (r, pair) in records.iter().filter(|r| r.flags & IN_CHECK == 0).zip(both.chunks(2)) {
        // Build the mirrored record by hand and compare its features with the sample's.
        let mut m = r.clone();
        for rank in 0..10 {
            for file in 0..9 {
                m.board[rank * 9 + file] = r.board[rank * 9 + 8 - file];
            }
        }
        let mut expected = Vec::new();
        m.features(m.turn(), &mut expected);
        let mut got: Vec<usize> = pair[1].us.iter().map(|&f| f as usize).collect();
        got.sort_unstable();
        expected.sort_unstable();
        assert_eq!(got, expected);
        assert_eq!(pair[0].target, pair[1].target);
        assert_eq!(mirror_feature(mirror_feature(pair[0].them[0])), pair[0].them[0]);
    }
}

/// With buckets, each piece feeds its view's bucket (where that view's general stands, the
/// mirrored square for the mirrored sample) and the shared rows after the last bucket.
#[test]
fn bucketed_samples_name_the_general_s_palace_point() {
    use chuhan_engine::nnue::{bucket, INPUTS, PALACE_BUCKETS};
    let records = some_records(Variant::Janggi, 3, 31);
    let (plain, _) = samples(&records, Variant::Janggi, 1.0, true, 1);
    let (both, _) = samples(&records, Variant::Janggi, 1.0, true, PALACE_BUCKETS);
    assert_eq!(plain.len(), both.len());
    let kept = records.iter().filter(|r| r.flags & IN_CHECK == 0);
    let mut seen = std::collections::BTreeSet::new();
    for ((r, p), b) in kept.zip(plain.chunks(2)).zip(both.chunks(2)) {
        for (k, mirrored) in [(0, false), (1, true)] {
            let g = r.general(r.turn()).unwrap();
            let g = if mirrored { g.mirror() } else { g };
            let own = bucket(r.turn(), g);
            seen.insert(own);
            let n = p[k].us.len();
            assert_eq!(b[k].us.len(), 2 * n);
            for (i, &f) in p[k].us.iter().enumerate() {
                assert_eq!(b[k].us[i] as usize, own * INPUTS + f as usize);
                assert_eq!(b[k].us[n + i] as usize, PALACE_BUCKETS * INPUTS + f as usize);
            }
        }
    }
    assert!(seen.len() >= 3, "the walks moved the generals: buckets {seen:?}");
}

/// A bucketed network trained with shared rows quantizes to the scores it had in floats: the
/// shared rows are folded into every bucket.
#[test]
fn a_bucketed_network_quantizes_to_its_float_scores() {
    use chuhan_engine::nnue::PALACE_BUCKETS;
    let records = some_records(Variant::Janggi, 6, 33);
    let (train, _) = samples(&records, Variant::Janggi, 1.0, false, PALACE_BUCKETS);
    let mut net = FloatNet::random(Variant::Janggi, 64, PALACE_BUCKETS, 2).unwrap();
    let (mut adam, mut rng) = (Adam::new(0.01), Rng::new(2));
    let before = net.loss(&train);
    for _ in 0..20 {
        net.epoch(&train, &mut adam, 64, 2, &mut rng);
    }
    assert!(net.loss(&train) < before * 0.5, "loss {before} -> {}", net.loss(&train));
    let q = net.quantize();
    assert_eq!(q.buckets(), PALACE_BUCKETS);
    let (mean, worst) = quantization_error(&net, &q, &records, &train);
    assert!(worst < 25.0 && mean < 6.0, "quantization moved scores by {mean} cp on average, {worst} at most");
}

/// Damaged network files of every kind are refused with an error, never a panic, and a file that
/// reads is the file the network writes (one encoding per network).
#[test]
fn damaged_network_files_never_panic() {
    let mut rng = 0x5eed_u64;
    for (buckets, seed) in [(1, 41u64), (9, 42)] {
        let bytes = random_net(Variant::Janggi, 32, buckets, seed).to_bytes();
        for _ in 0..400 {
            let r = next(&mut rng);
            let mut b = bytes.clone();
            match r % 3 {
                // A byte of the header changed.
                0 => b[(r >> 8) as usize % 40] = (r >> 32) as u8,
                // Cut anywhere.
                1 => b.truncate((r >> 8) as usize % bytes.len()),
                // A byte of the body changed (the checksum catches it).
                _ => {
                    let i = (r >> 8) as usize % bytes.len();
                    b[i] ^= 1 + (r >> 40) as u8 % 255;
                }
            }
            if let Ok(net) = Network::from_bytes(&b) {
                assert_eq!(net.to_bytes(), b);
            }
        }
    }
}
