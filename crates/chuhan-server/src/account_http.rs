//! Accounts over HTTP: `/api/account/signup`, `/login`, `/logout`, `/me`, `/password` and
//! `/delete`, the session cookie, and [`logged_in`], which the other handlers ask for the
//! account of a request. The rules are [`crate::account`]'s; `docs/accounts.md` is the
//! contract.

use crate::account::{self, minutes, COOKIE, FAILURE_WINDOW, MAX_FAILURES, SESSION};
use crate::error::{bad, internal, ApiError};
use crate::ids::now_secs;
use crate::params::parse_json;
use crate::state::AppState;
use crate::wire::account::{Credentials, DeleteAccount, Done, Me, NewPassword};
use axum::body::Bytes;
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use chuhan_db::live::accounts::{Account, AccountError};
use cookie::{Cookie, SameSite};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Instant;

/// The client's address, if the request came over a connection (not in router tests).
fn peer(extensions: &axum::http::Extensions) -> Option<IpAddr> {
    extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip())
}

/// The session token the request's cookie carries, if any.
fn session_token(headers: &HeaderMap) -> Option<String> {
    crate::cookies::value(headers, COOKIE)
        // A token is 64 hex digits: anything else is not worth a look-up.
        .filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The account logged in on this request, if any. A store that fails is an error, not a
/// guest: a player must not lose their seat's account because the database hiccupped.
pub async fn logged_in(state: &AppState, headers: &HeaderMap) -> Result<Option<Account>, ApiError> {
    let Some(token) = session_token(headers) else { return Ok(None) };
    state.store.session(&account::token_hash(&token), now_secs()).await.map_err(internal)
}

/// The `Set-Cookie` of a new session, or of its end (`token` `None`).
fn set_cookie(token: Option<&str>, secure: bool) -> HeaderValue {
    let max_age = if token.is_some() { SESSION.as_secs() as i64 } else { 0 };
    let c = Cookie::build((COOKIE, token.unwrap_or("").to_string()))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(cookie::time::Duration::seconds(max_age))
        .build();
    HeaderValue::from_str(&c.to_string()).expect("a cookie of hex digits is a header value")
}

/// Starts a session for `account` and answers `status` with its cookie and `Me`.
async fn start(state: &AppState, account: Account, status: StatusCode) -> Result<Response, ApiError> {
    let token = account::new_token().map_err(internal)?;
    let now = now_secs();
    state
        .store
        .start_session(&account::token_hash(&token), account.id, now, now + SESSION.as_secs())
        .await
        .map_err(internal)?;
    let cookie = set_cookie(Some(&token), state.accounts.secure_cookies);
    let me = Me { name: account.name, created: account.created };
    Ok((status, [(header::SET_COOKIE, cookie)], Json(me)).into_response())
}

/// Refuses an address that has failed too often (429 `too_many_attempts`).
fn check_address(state: &AppState, ip: Option<IpAddr>) -> Result<(), ApiError> {
    match ip.and_then(|ip| state.accounts.failures.wait(ip, Instant::now())) {
        Some(wait) => Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "too many failed attempts from your address ({MAX_FAILURES} in {} minutes): try again in {} minutes",
                FAILURE_WINDOW.as_secs() / 60,
                minutes(wait)
            ),
        )
        .with_code("too_many_attempts")
        .words(
            "login-attempts",
            vec![
                ("failures", u64::from(MAX_FAILURES).into()),
                ("window", (FAILURE_WINDOW.as_secs() / 60).into()),
                ("minutes", minutes(wait).into()),
            ],
        )),
        None => Ok(()),
    }
}

fn address_failed(state: &AppState, ip: Option<IpAddr>) {
    if let Some(ip) = ip {
        state.accounts.failures.failed(ip, Instant::now());
    }
}

fn wrong_password() -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, "wrong name or password").with_code("wrong_password")
}

fn not_logged_in() -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, "you are not logged in").with_code("not_logged_in")
}

/// `POST /api/account/signup`: makes an account and logs it in.
pub async fn signup(
    State(state): State<Arc<AppState>>,
    extensions: axum::http::Extensions,
    body: Bytes,
) -> Result<Response, ApiError> {
    let ip = peer(&extensions);
    check_address(&state, ip)?;
    let req: Credentials = parse_json(&body)?;
    let name = account::check_name(&req.name).map_err(|e| bad(e.to_string()).with_code("bad_name"))?;
    account::check_password(&req.password).map_err(|e| bad(e).with_code("bad_password"))?;
    if let Some(ip) = ip {
        if let Err(wait) = state.accounts.signups.take(ip, Instant::now()) {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("too many new accounts from your address: try again in {} s", wait.as_secs() + 1),
            )
            .with_code("too_many_attempts"));
        }
    }
    let hash = state.accounts.hasher.hash(&req.password).await.map_err(internal)?;
    let account = match state.store.create_account(name, &hash, now_secs()).await {
        Ok(a) => a,
        Err(e) => {
            return Err(match e.downcast_ref::<AccountError>() {
                Some(AccountError::NameTaken(_)) => {
                    address_failed(&state, ip);
                    ApiError::conflict(format!("the name {name} is taken"))
                        .with_code("name_taken")
                        .words("name-taken", vec![("name", name.to_string().into())])
                }
                None => internal(e),
            })
        }
    };
    start(&state, account, StatusCode::CREATED).await
}

/// `POST /api/account/login`: a new session for a name and its password.
pub async fn login(
    State(state): State<Arc<AppState>>,
    extensions: axum::http::Extensions,
    body: Bytes,
) -> Result<Response, ApiError> {
    let ip = peer(&extensions);
    check_address(&state, ip)?;
    let req: Credentials = parse_json(&body)?;
    let window = FAILURE_WINDOW.as_secs();
    let now = now_secs();
    let Some(c) = state.store.credentials(&req.name).await.map_err(internal)? else {
        state.accounts.hasher.verify_nothing(&req.password).await;
        address_failed(&state, ip);
        return Err(wrong_password());
    };
    if c.failed_logins >= MAX_FAILURES && now.saturating_sub(c.failed_since) < window {
        let wait = std::time::Duration::from_secs(window - now.saturating_sub(c.failed_since));
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!("too many failed logins for {}: try again in {} minutes", c.account.name, minutes(wait)),
        )
        .with_code("account_locked")
        .words("account-locked", vec![("name", c.account.name.clone().into()), ("minutes", minutes(wait).into())]));
    }
    if !state.accounts.hasher.verify(&req.password, &c.password_hash).await {
        state.store.login_failed(c.account.id, now, window).await.map_err(internal)?;
        address_failed(&state, ip);
        return Err(wrong_password());
    }
    if c.failed_logins > 0 {
        state.store.login_succeeded(c.account.id).await.map_err(internal)?;
    }
    start(&state, c.account, StatusCode::OK).await
}

/// `POST /api/account/logout`: ends this session and clears the cookie.
pub async fn logout(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(token) = session_token(&headers) {
        state.store.end_session(&account::token_hash(&token)).await.map_err(internal)?;
    }
    Ok(([(header::SET_COOKIE, set_cookie(None, state.accounts.secure_cookies))], Json(Done {})).into_response())
}

/// `GET /api/account/me`: who is logged in.
pub async fn me(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Result<Json<Me>, ApiError> {
    let account = logged_in(&state, &headers).await?.ok_or_else(not_logged_in)?;
    Ok(Json(Me { name: account.name, created: account.created }))
}

/// Checks the password of the logged-in account of `headers`, counting a wrong one as a failed
/// login; answers the account and its session token.
async fn confirm(
    state: &AppState,
    headers: &HeaderMap,
    ip: Option<IpAddr>,
    password: &str,
) -> Result<(Account, String), ApiError> {
    check_address(state, ip)?;
    let token = session_token(headers).ok_or_else(not_logged_in)?;
    let account = logged_in(state, headers).await?.ok_or_else(not_logged_in)?;
    let c = state.store.credentials(&account.name).await.map_err(internal)?.ok_or_else(not_logged_in)?;
    if !state.accounts.hasher.verify(password, &c.password_hash).await {
        state.store.login_failed(account.id, now_secs(), FAILURE_WINDOW.as_secs()).await.map_err(internal)?;
        address_failed(state, ip);
        return Err(wrong_password());
    }
    Ok((account, token))
}

/// `POST /api/account/password`: a new password; the account's other sessions end.
pub async fn password(
    State(state): State<Arc<AppState>>,
    extensions: axum::http::Extensions,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Done>, ApiError> {
    let req: NewPassword = parse_json(&body)?;
    account::check_password(&req.new_password).map_err(|e| bad(e).with_code("bad_password"))?;
    let (account, token) = confirm(&state, &headers, peer(&extensions), &req.password).await?;
    let hash = state.accounts.hasher.hash(&req.new_password).await.map_err(internal)?;
    state.store.set_password(account.id, &hash, Some(&account::token_hash(&token))).await.map_err(internal)?;
    Ok(Json(Done {}))
}

/// `POST /api/account/delete`: deletes the account; its games stay, under "deleted player".
pub async fn delete(
    State(state): State<Arc<AppState>>,
    extensions: axum::http::Extensions,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let req: DeleteAccount = parse_json(&body)?;
    let (account, _) = confirm(&state, &headers, peer(&extensions), &req.password).await?;
    state.store.delete_account(account.id).await.map_err(internal)?;
    Ok(([(header::SET_COOKIE, set_cookie(None, state.accounts.secure_cookies))], Json(Done {})).into_response())
}
